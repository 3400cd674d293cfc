//! Adds the rpaths of the cvc5 library (found by the checker's build script) and of the Z3
//! library (found by the verifier's) to this crate's binaries and tests.
fn main() {
    if let Ok(dir) = std::env::var("DEP_CVC5WHEEL_RPATH") {
        println!("cargo:rustc-link-arg=-Wl,-rpath,{dir}");
    }
    if let Ok(dir) = std::env::var("DEP_Z3WHEEL_RPATH") {
        println!("cargo:rustc-link-arg=-Wl,-rpath,{dir}");
    }
}
