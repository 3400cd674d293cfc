//! String literals as read-only char arrays, and the C library's `strlen`,
//! `strcmp`, `memset` and `memcpy`, each a small loop over memory regions.
//!
//! * A string literal is a static object (its bytes and the NUL) placed
//!   like a global and written when memory starts; writing to it is
//!   undefined behaviour, which memory safety (assumed) excludes.
//! * `strlen(s)` counts up to the first NUL; `strcmp(a, b)` walks while the
//!   characters agree and are not NUL, and returns a value of the sign of
//!   the difference of the first differing characters as `unsigned char`:
//!   C gives only the sign, so the value is chosen freely with that sign.
//! * `memset(p, c, n)` and `memcpy(d, s, n)` act on the objects `p`, `d`
//!   and `s` point to, by the pointee type the argument had before its
//!   conversion to `void *`: `n` must cover whole objects of that type
//!   (a constant multiple of its size; any `n` for a character type), and
//!   `memset` of a struct must store zeros. A byte pattern of an integer
//!   type is exact (`memset(a, 1, ..)` on `int`s stores 0x01010101).
//!   `memcpy`'s objects must not overlap (undefined behaviour in C).
//!   Anything else is refused with the place.

use super::expr::strip_casts;
use super::stmt::strip_parens;
use super::*;

/// Longest string literal placed in memory (each byte is one store).
const MAX_LITERAL: usize = 4096;
/// Most slots copied or set one by one; larger or unknown counts loop.
const MAX_STRAIGHT: i64 = 64;

impl<'a> Tr<'a> {
    /// The address of the string literal `e`: a static object of its own,
    /// written when memory starts (`memory_start`).
    pub(super) fn string_literal(&mut self, e: &'a Node) -> R<Expr> {
        let Some(bytes) = e.bytes.clone() else {
            return Err(self.unsup(e, "this string literal"));
        };
        let elem = e.ty.elem.as_deref().filter(|t| t.size == 1);
        let Some(elem) = elem else {
            return Err(self.unsup(e, "wide string literals"));
        };
        if bytes.len() >= MAX_LITERAL {
            return Err(self.unsup(
                e,
                &format!("string literals of {MAX_LITERAL} bytes or more"),
            ));
        }
        if let Some(&a) = self.memory.literals.get(&e.at.offset) {
            return Ok(Expr::int(a));
        }
        let ty = self.int_type(elem, e)?;
        let len =
            e.ty.len
                .unwrap_or(bytes.len() as i64 + 1)
                .max(bytes.len() as i64 + 1);
        let addr = self.memory.place_static(len);
        self.memory.used = true;
        let key = self.region_key(None, ty);
        let region = self.region(&key, ty);
        for (i, b) in bytes.iter().chain(std::iter::once(&0u8)).enumerate() {
            let v = if ty.signed && *b >= 0x80 {
                i64::from(*b) - 256
            } else {
                i64::from(*b)
            };
            // The NUL too, though memory starts zero: a literal's bytes
            // are all written, so analyses that track written cells see it.
            let at = Expr::int(addr + i as i64);
            self.memory
                .literal_bytes
                .push((region.name.clone(), at, Expr::int(v)));
        }
        self.memory.literals.insert(e.at.offset, addr);
        Ok(Expr::int(addr))
    }

    /// `strlen`, `strcmp`, `memset`, `memcpy`; `None` for other names.
    pub(super) fn string_function(
        &mut self,
        name: &str,
        e: &'a Node,
        args: &'a [Node],
        cur: &mut usize,
    ) -> Option<R<V>> {
        let want = match name {
            "strlen" => 1,
            "strcmp" => 2,
            "memset" | "memcpy" => 3,
            _ => return None,
        };
        if args.len() != want {
            return Some(Err(
                self.invalid(e, &format!("`{name}` takes {want} arguments"))
            ));
        }
        Some(self.check_order(e).and_then(|()| match name {
            "strlen" => self.strlen(e, &args[0], cur),
            "strcmp" => self.strcmp(e, &args[0], &args[1], cur),
            "memset" => self.memset(e, args, cur),
            _ => self.memcpy(e, args, cur),
        }))
    }

    /// The region and pointer of a `char` string argument, kept in a temporary.
    fn chars(&mut self, a: &'a Node, k: usize, cur: &mut usize) -> R<(String, Expr)> {
        let t = pointee(a);
        let Some(t) = t.filter(|t| t.size == 1 && t.kind != TypeKind::Void) else {
            return Err(self.unsup(a, "a string function on something other than characters"));
        };
        let ty = self.int_type(&t, a)?;
        let key = self.region_key(None, ty);
        let region = self.region(&key, ty).name;
        let v = self.rv(a, cur)?;
        let (p, _) = self.exact(v);
        let tmp = self.temp(if k == 0 { "str" } else { "str2" }, a, Ty::pointer(64));
        self.emit(cur, Op::Assign(tmp.clone(), p), a);
        Ok((region, Expr::var(&tmp)))
    }

    fn strlen(&mut self, e: &'a Node, s: &'a Node, cur: &mut usize) -> R<V> {
        let (r, p) = self.chars(s, 0, cur)?;
        let t = self.int_type(&e.ty, e)?;
        let i = self.temp("len", e, Ty::pointer(64));
        self.emit(cur, Op::Assign(i.clone(), Expr::int(0)), e);
        let c = Expr::select(Expr::var(&r), add(p, Expr::var(&i)));
        let more = not(Expr::eq(c, Expr::int(0)));
        self.walk(e, &i, more, cur);
        Ok(V::I(Expr::var(&i), t, true))
    }

    fn strcmp(&mut self, e: &'a Node, a: &'a Node, b: &'a Node, cur: &mut usize) -> R<V> {
        let (ra, pa) = self.chars(a, 0, cur)?;
        let (rb, pb) = self.chars(b, 1, cur)?;
        let t = self.int_type(&e.ty, e)?;
        let i = self.temp("cmp", e, Ty::pointer(64));
        self.emit(cur, Op::Assign(i.clone(), Expr::int(0)), e);
        let x = Expr::select(Expr::var(&ra), add(pa, Expr::var(&i)));
        let y = Expr::select(Expr::var(&rb), add(pb, Expr::var(&i)));
        // Characters compare as `unsigned char` (C17 7.24.4p1), also when
        // the two strings' types differ in signedness: (c + 256) mod 256
        // maps -128..255 onto 0..255.
        let byte = |c: Expr| Expr::Mod(Box::new(add(c, Expr::int(256))), Num(BigInt::from(256)));
        let (x, y) = (byte(x), byte(y));
        let more = and(
            Expr::eq(x.clone(), y.clone()),
            not(Expr::eq(x.clone(), Expr::int(0))),
        );
        self.walk(e, &i, more, cur);
        let r = self.temp("cmp_result", e, t);
        self.emit(cur, Op::Havoc(r.clone()), e);
        let rv = Expr::var(&r);
        let lt = |a: Expr, b: Expr| Expr::Lt(Box::new(a), Box::new(b));
        let sign = or(
            or(
                and(lt(x.clone(), y.clone()), lt(rv.clone(), Expr::int(0))),
                and(lt(y.clone(), x.clone()), lt(Expr::int(0), rv.clone())),
            ),
            and(Expr::eq(x, y), Expr::eq(rv.clone(), Expr::int(0))),
        );
        self.emit(cur, Op::Assume(and(sign, in_range(rv.clone(), &t))), e);
        Ok(V::I(rv, t, true))
    }

    /// `while (more) i++;` at `*cur`.
    fn walk(&mut self, at: &Node, i: &str, more: Expr, cur: &mut usize) {
        let src = self.src(at, None);
        let head = self.loc_end(at);
        self.edge(*cur, head, Op::Skip, src.clone());
        let body = self.loc_end(at);
        let exit = self.loc_end(at);
        self.edge(head, body, Op::Assume(more.clone()), src.clone());
        self.edge(head, exit, Op::Assume(not(more)), src.clone());
        let step = add(Expr::var(i), Expr::int(1));
        self.edge(body, head, Op::Assign(i.to_string(), step), src);
        *cur = exit;
    }

    /// The object type and count of a `memset`/`memcpy` on pointer `a`:
    /// `n` bytes must be whole objects.
    fn objects(&mut self, e: &'a Node, a: &'a Node, n: &Expr) -> R<(Type, Expr)> {
        let Some(t) = pointee(a).filter(|t| t.size > 0 && t.kind != TypeKind::Void) else {
            return Err(self.unsup(a, &format!("`{}` through a `void *`", e_name(e))));
        };
        let count = match konst(n) {
            Some(k) if (&k % BigInt::from(t.size)).is_zero() => {
                let q = k / BigInt::from(t.size);
                Expr::Int(Num(q))
            }
            None if t.size == 1 => n.clone(),
            _ => {
                return Err(self.unsup(
                    e,
                    &format!(
                        "`{}` of a size that is not a constant multiple of {} bytes",
                        e_name(e),
                        t.size
                    ),
                ))
            }
        };
        Ok((t, count))
    }

    fn memset(&mut self, e: &'a Node, args: &'a [Node], cur: &mut usize) -> R<V> {
        let pv = self.rv(&args[0], cur)?;
        let (p, _) = self.exact(pv);
        let cv = self.rv(&args[1], cur)?;
        let (c, _) = self.exact(cv);
        let nv = self.rv(&args[2], cur)?;
        let (n, _) = self.exact(nv);
        let (t, count) = self.objects(e, &args[0], &n)?;
        let pty = self.int_type(&e.ty, e)?;
        let dst = self.temp("dst", e, Ty::pointer(64));
        self.emit(cur, Op::Assign(dst.clone(), p), e);
        let slots = self.slots(&t, 0, e)?;
        // The value every slot gets: the byte repeated over its width.
        let byte = konst(&c).map(|k| ((k % 256) + 256) % 256);
        let value = |size: i64| -> Option<Expr> {
            let b = byte.clone()?;
            let mut v = BigInt::zero();
            for _ in 0..size {
                v = (v << 8) + &b;
            }
            Some(Expr::Int(Num(v)))
        };
        let mut fills = Vec::new();
        let zero = byte == Some(BigInt::zero());
        for (off, key, ty) in &slots {
            let width = i64::from(ty.bits / 8).max(1);
            let v = match value(width) {
                Some(v) if zero || (t.kind != TypeKind::Record && !ty.pointer) => v,
                None if t.size == 1 => {
                    Expr::Mod(Box::new(add(c.clone(), Expr::int(256))), Num(BigInt::from(256)))
                }
                _ => {
                    return Err(self.unsup(
                        e,
                        "`memset` of a struct or pointer with another value than 0, or of a wider type with a value not known",
                    ))
                }
            };
            let stored = self.store_value(V::I(v, Ty::new(false, ty.bits.max(8)), true), *ty);
            fills.push((*off, key.clone(), *ty, stored));
        }
        let base = Expr::var(&dst);
        self.each_object(e, &t, count, &base, cur, &mut |tr, obj, b| {
            for (off, key, ty, v) in &fills {
                let r = tr.region(key, *ty);
                let a = fold(add(obj.clone(), Expr::int(*off)));
                let stored = Expr::store(Expr::var(&r.name), a, v.clone());
                tr.emit(b, Op::Assign(r.name.clone(), stored), e);
            }
        })?;
        Ok(V::I(Expr::var(&dst), pty, true))
    }

    fn memcpy(&mut self, e: &'a Node, args: &'a [Node], cur: &mut usize) -> R<V> {
        let dv = self.rv(&args[0], cur)?;
        let (d, _) = self.exact(dv);
        let sv = self.rv(&args[1], cur)?;
        let (s, _) = self.exact(sv);
        let nv = self.rv(&args[2], cur)?;
        let (n, _) = self.exact(nv);
        let (t, count) = self.objects(e, &args[0], &n)?;
        let same = pointee(&args[1]).is_some_and(|u| {
            u.size == t.size
                && u.spelling.trim_start_matches("const ")
                    == t.spelling.trim_start_matches("const ")
        });
        if !same {
            return Err(self.unsup(e, "`memcpy` between objects of different types"));
        }
        let pty = self.int_type(&e.ty, e)?;
        let (dst, src) = (
            self.temp("dst", e, Ty::pointer(64)),
            self.temp("src", e, Ty::pointer(64)),
        );
        self.emit(cur, Op::Assign(dst.clone(), d), e);
        self.emit(cur, Op::Assign(src.clone(), s), e);
        self.copy_objects(e, &t, count, &Expr::var(&dst), &Expr::var(&src), cur)?;
        Ok(V::I(Expr::var(&dst), pty, true))
    }

    /// Copies `count` objects of type `t` from `src` to `dst`, slot by slot
    /// in order (the blocks must not overlap, as C requires of `memcpy`).
    pub(super) fn copy_objects(
        &mut self,
        at: &Node,
        t: &Type,
        count: Expr,
        dst: &Expr,
        src: &Expr,
        cur: &mut usize,
    ) -> R<()> {
        let slots = self.slots(t, 0, at)?;
        let delta = Expr::Sub(Box::new(src.clone()), Box::new(dst.clone()));
        self.each_object(at, t, count, dst, cur, &mut |tr, obj, b| {
            for (off, key, ty) in &slots {
                let r = tr.region(key, *ty);
                let to = fold(add(obj.clone(), Expr::int(*off)));
                let from = fold(add(to.clone(), delta.clone()));
                let x = Expr::select(Expr::var(&r.name), from);
                let stored = Expr::store(Expr::var(&r.name), to, x);
                tr.emit(b, Op::Assign(r.name.clone(), stored), at);
            }
        })
    }

    /// Runs `body` on the address of each of the `count` objects of type `t`
    /// from `base` on: straight-line for a few, else in a loop.
    pub(super) fn each_object(
        &mut self,
        at: &Node,
        t: &Type,
        count: Expr,
        base: &Expr,
        cur: &mut usize,
        body: &mut dyn FnMut(&mut Self, Expr, &mut usize),
    ) -> R<()> {
        let slots = self.slots(t, 0, at)?.len() as i64;
        match konst(&count).and_then(|k| i64::try_from(k).ok()) {
            Some(k) if k * slots <= MAX_STRAIGHT => {
                for j in 0..k {
                    body(self, fold(add(base.clone(), Expr::int(j * t.size))), cur);
                }
            }
            _ => {
                let i = self.temp("each", at, Ty::pointer(64));
                self.emit(cur, Op::Assign(i.clone(), Expr::int(0)), at);
                let src = self.src(at, None);
                let head = self.loc_end(at);
                self.edge(*cur, head, Op::Skip, src.clone());
                let (first, exit) = (self.loc_end(at), self.loc_end(at));
                let more = Expr::Lt(Box::new(Expr::var(&i)), Box::new(count));
                self.edge(head, first, Op::Assume(more.clone()), src.clone());
                self.edge(head, exit, Op::Assume(not(more)), src.clone());
                let mut b = first;
                let obj = add(
                    base.clone(),
                    Expr::Mul(Num(BigInt::from(t.size)), Box::new(Expr::var(&i))),
                );
                body(self, obj, &mut b);
                let step = add(Expr::var(&i), Expr::int(1));
                self.emit(&mut b, Op::Assign(i, step), at);
                self.edge(b, head, Op::Skip, src);
                *cur = exit;
            }
        }
        Ok(())
    }
}

/// The type `a` points to before any conversion to `void *` (an array
/// argument: its element type).
fn pointee(a: &Node) -> Option<Type> {
    let mut n = strip_parens(a);
    loop {
        let to_void = n.ty.kind == TypeKind::Pointer
            && n.ty
                .elem
                .as_deref()
                .is_some_and(|t| t.kind == TypeKind::Void);
        let is_cast =
            matches!(n.kind, Kind::UnexposedExpr | Kind::CStyleCastExpr) && n.children.len() == 1;
        match n.children.first() {
            Some(c) if is_cast && (to_void || is_array_kind(&c.ty)) => n = strip_parens(c),
            _ => break,
        }
    }
    n.ty.elem.as_deref().cloned()
}

fn is_array_kind(t: &Type) -> bool {
    matches!(
        t.kind,
        TypeKind::ConstantArray | TypeKind::IncompleteArray | TypeKind::VariableArray
    )
}

fn e_name(e: &Node) -> String {
    e.children
        .first()
        .map(|c| strip_casts(c).name.clone())
        .unwrap_or_default()
}
