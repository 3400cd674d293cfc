//! Adds the rpath of the cvc5 library (found by the checker's build script) to certa's binaries and tests.
fn main() {
    if let Ok(dir) = std::env::var("DEP_CVC5WHEEL_RPATH") {
        println!("cargo:rustc-link-arg=-Wl,-rpath,{dir}");
    }
}
