;; The contents of a JSON string unescaped into UTF-8, 16 bytes a step (WebAssembly SIMD). Source of the bytes in
;; json-unescape-module.ts: after a change, run `node scripts/assemble-wasm.mjs` (it needs wabt, see there).
;;
;; unescape(start, end) reads memory[start, end) (a string's contents, between its quotes, whole escapes only) and
;; writes what `JSON.parse` then `Buffer.from(text)` give from OUT: the escapes of JSON (\" \\ \/ \b \f \n \r \t
;; \uXXXX, a surrogate pair as one 4-byte character, a lone surrogate as U+FFFD), every other byte as it is. It
;; returns the bytes written, or -1 at what JSON.parse would refuse (a raw control character, a bad escape, an
;; escape cut short), where the caller's JSON.parse finds the reason. STATS holds the string's length in UTF-16
;; code units (String.length, counted as if the bytes that are not ASCII were UTF-8) and the bytes written that are
;; not ASCII: when there are any, the caller checks that the output is UTF-8.
;; A block of 16 bytes with no backslash and no control character is stored as it is; in a block with one, the
;; bytes before it are, then the escape is decoded alone.
(module
  (memory (export "memory") 3)
  ;; Layout (bytes): 0 STATS: i32 units, i32 bytes not ASCII. 64 INPUT: up to 65,600 bytes, then 16 of padding
  ;; the loads may read. 65,728 OUT: as many (unescaping never lengthens).
  (global $OUT i32 (i32.const 65728))

  ;; The value of the four hex digits at `at`, or -1.
  (func $hex4 (param $at i32) (result i32)
    (local $value i32) (local $index i32) (local $byte i32) (local $digit i32)
    (loop $digits
      (local.set $byte (i32.load8_u (i32.add (local.get $at) (local.get $index))))
      (local.set $digit
        (if (result i32) (i32.le_u (i32.sub (local.get $byte) (i32.const 0x30)) (i32.const 9))
          (then (i32.sub (local.get $byte) (i32.const 0x30)))
          (else
            (if (result i32) (i32.le_u (i32.sub (i32.or (local.get $byte) (i32.const 0x20)) (i32.const 0x61)) (i32.const 5))
              (then (i32.sub (i32.or (local.get $byte) (i32.const 0x20)) (i32.const 0x57)))
              (else (return (i32.const -1)))))))
      (local.set $value (i32.or (i32.shl (local.get $value) (i32.const 4)) (local.get $digit)))
      (local.set $index (i32.add (local.get $index) (i32.const 1)))
      (br_if $digits (i32.lt_u (local.get $index) (i32.const 4))))
    (local.get $value))

  ;; Writes code point `cp` (not a surrogate) as UTF-8 at `w`; returns the bytes written.
  (func $utf8 (param $w i32) (param $cp i32) (result i32)
    (if (i32.lt_u (local.get $cp) (i32.const 0x80))
      (then (i32.store8 (local.get $w) (local.get $cp)) (return (i32.const 1))))
    (if (i32.lt_u (local.get $cp) (i32.const 0x800))
      (then
        (i32.store8 (local.get $w) (i32.or (i32.const 0xc0) (i32.shr_u (local.get $cp) (i32.const 6))))
        (i32.store8 offset=1 (local.get $w) (i32.or (i32.const 0x80) (i32.and (local.get $cp) (i32.const 0x3f))))
        (return (i32.const 2))))
    (if (i32.lt_u (local.get $cp) (i32.const 0x10000))
      (then
        (i32.store8 (local.get $w) (i32.or (i32.const 0xe0) (i32.shr_u (local.get $cp) (i32.const 12))))
        (i32.store8 offset=1 (local.get $w) (i32.or (i32.const 0x80) (i32.and (i32.shr_u (local.get $cp) (i32.const 6)) (i32.const 0x3f))))
        (i32.store8 offset=2 (local.get $w) (i32.or (i32.const 0x80) (i32.and (local.get $cp) (i32.const 0x3f))))
        (return (i32.const 3))))
    (i32.store8 (local.get $w) (i32.or (i32.const 0xf0) (i32.shr_u (local.get $cp) (i32.const 18))))
    (i32.store8 offset=1 (local.get $w) (i32.or (i32.const 0x80) (i32.and (i32.shr_u (local.get $cp) (i32.const 12)) (i32.const 0x3f))))
    (i32.store8 offset=2 (local.get $w) (i32.or (i32.const 0x80) (i32.and (i32.shr_u (local.get $cp) (i32.const 6)) (i32.const 0x3f))))
    (i32.store8 offset=3 (local.get $w) (i32.or (i32.const 0x80) (i32.and (local.get $cp) (i32.const 0x3f))))
    (i32.const 4))

  (func (export "unescape") (param $start i32) (param $end i32) (result i32)
    (local $r i32) (local $w i32) (local $units i32) (local $wide i32)
    (local $block v128) (local $special i32) (local $high i32) (local $k i32) (local $keep i32)
    (local $byte i32) (local $escape i32) (local $cp i32) (local $low i32) (local $written i32)
    (local.set $r (local.get $start))
    (local.set $w (global.get $OUT))
    (block $done
      (loop $step
        (br_if $done (i32.ge_u (local.get $r) (local.get $end)))
        (if (i32.le_u (i32.add (local.get $r) (i32.const 16)) (local.get $end))
          (then
            ;; A whole block: its backslashes and control characters, and its bytes that are not ASCII.
            (local.set $block (v128.load (local.get $r)))
            (local.set $special (i8x16.bitmask (v128.or
              (i8x16.eq (local.get $block) (i8x16.splat (i32.const 0x5c)))
              (i8x16.lt_u (local.get $block) (i8x16.splat (i32.const 0x20))))))
            (v128.store (local.get $w) (local.get $block))
            (local.set $k (if (result i32) (local.get $special) (then (i32.ctz (local.get $special))) (else (i32.const 16))))
            (local.set $keep (i32.sub (i32.shl (i32.const 1) (local.get $k)) (i32.const 1)))
            (local.set $high (i32.and (i8x16.bitmask (local.get $block)) (local.get $keep)))
            (local.set $units (i32.add (local.get $units) (local.get $k)))
            (if (local.get $high)
              (then
                ;; UTF-16 units: one a character, two for a 4-byte one (continuation bytes count none).
                (local.set $wide (i32.add (local.get $wide) (i32.popcnt (local.get $high))))
                (local.set $units (i32.add (i32.sub (local.get $units)
                  (i32.popcnt (i32.and (local.get $keep) (i8x16.bitmask (i8x16.eq
                    (v128.and (local.get $block) (i8x16.splat (i32.const 0xc0))) (i8x16.splat (i32.const 0x80)))))))
                  (i32.popcnt (i32.and (local.get $keep) (i8x16.bitmask (i8x16.ge_u (local.get $block) (i8x16.splat (i32.const 0xf0))))))))))
            (local.set $r (i32.add (local.get $r) (local.get $k)))
            (local.set $w (i32.add (local.get $w) (local.get $k)))
            (br_if $step (i32.eqz (local.get $special)))))
        ;; One byte: the special one a block found, or one of the last 15.
        (local.set $byte (i32.load8_u (local.get $r)))
        (if (i32.lt_u (local.get $byte) (i32.const 0x20)) (then (return (i32.const -1))))
        (if (i32.ne (local.get $byte) (i32.const 0x5c))
          (then
            (i32.store8 (local.get $w) (local.get $byte))
            (if (i32.ge_u (local.get $byte) (i32.const 0x80))
              (then
                (local.set $wide (i32.add (local.get $wide) (i32.const 1)))
                (if (i32.ne (i32.and (local.get $byte) (i32.const 0xc0)) (i32.const 0x80))
                  (then (local.set $units (i32.add (local.get $units) (i32.add (i32.const 1) (i32.ge_u (local.get $byte) (i32.const 0xf0))))))))
              (else (local.set $units (i32.add (local.get $units) (i32.const 1)))))
            (local.set $r (i32.add (local.get $r) (i32.const 1)))
            (local.set $w (i32.add (local.get $w) (i32.const 1)))
            (br $step)))
        ;; An escape.
        (if (i32.ge_u (i32.add (local.get $r) (i32.const 1)) (local.get $end)) (then (return (i32.const -1))))
        (local.set $escape (i32.load8_u offset=1 (local.get $r)))
        (local.set $units (i32.add (local.get $units) (i32.const 1)))
        (if (i32.eq (local.get $escape) (i32.const 0x75)) ;; u
          (then
            (if (i32.gt_u (i32.add (local.get $r) (i32.const 6)) (local.get $end)) (then (return (i32.const -1))))
            (local.set $cp (call $hex4 (i32.add (local.get $r) (i32.const 2))))
            (if (i32.lt_s (local.get $cp) (i32.const 0)) (then (return (i32.const -1))))
            (local.set $r (i32.add (local.get $r) (i32.const 6)))
            (if (i32.ne (i32.and (local.get $cp) (i32.const 0xf800)) (i32.const 0xd800))
              (then
                (local.set $written (call $utf8 (local.get $w) (local.get $cp)))
                (if (i32.gt_u (local.get $written) (i32.const 1)) (then (local.set $wide (i32.add (local.get $wide) (local.get $written)))))
                (local.set $w (i32.add (local.get $w) (local.get $written)))
                (br $step)))
            ;; A surrogate: a high one followed by an escaped low one is one character; any other is U+FFFD.
            (local.set $low (i32.const -1))
            (if (i32.and
                  (i32.lt_u (local.get $cp) (i32.const 0xdc00))
                  (i32.and
                    (i32.le_u (i32.add (local.get $r) (i32.const 6)) (local.get $end))
                    (i32.eq (i32.load16_u (local.get $r)) (i32.const 0x755c)))) ;; "\u"
              (then (local.set $low (call $hex4 (i32.add (local.get $r) (i32.const 2))))))
            (if (i32.eq (i32.and (local.get $low) (i32.const 0xfffffc00)) (i32.const 0xdc00))
              (then
                (drop (call $utf8 (local.get $w)
                  (i32.add (i32.const 0x10000) (i32.or
                    (i32.shl (i32.sub (local.get $cp) (i32.const 0xd800)) (i32.const 10))
                    (i32.sub (local.get $low) (i32.const 0xdc00))))))
                (local.set $r (i32.add (local.get $r) (i32.const 6)))
                (local.set $units (i32.add (local.get $units) (i32.const 1)))
                (local.set $wide (i32.add (local.get $wide) (i32.const 4)))
                (local.set $w (i32.add (local.get $w) (i32.const 4)))
                (br $step)))
            (drop (call $utf8 (local.get $w) (i32.const 0xfffd)))
            (local.set $wide (i32.add (local.get $wide) (i32.const 3)))
            (local.set $w (i32.add (local.get $w) (i32.const 3)))
            (br $step)))
        ;; One of the short escapes, or a bad one.
        (local.set $byte
          (if (result i32) (i32.eq (local.get $escape) (i32.const 0x6e)) (then (i32.const 0x0a)) ;; n
          (else (if (result i32) (i32.eq (local.get $escape) (i32.const 0x22)) (then (i32.const 0x22)) ;; "
          (else (if (result i32) (i32.eq (local.get $escape) (i32.const 0x5c)) (then (i32.const 0x5c)) ;; \
          (else (if (result i32) (i32.eq (local.get $escape) (i32.const 0x74)) (then (i32.const 0x09)) ;; t
          (else (if (result i32) (i32.eq (local.get $escape) (i32.const 0x72)) (then (i32.const 0x0d)) ;; r
          (else (if (result i32) (i32.eq (local.get $escape) (i32.const 0x2f)) (then (i32.const 0x2f)) ;; /
          (else (if (result i32) (i32.eq (local.get $escape) (i32.const 0x62)) (then (i32.const 0x08)) ;; b
          (else (if (result i32) (i32.eq (local.get $escape) (i32.const 0x66)) (then (i32.const 0x0c)) ;; f
          (else (return (i32.const -1)))))))))))))))))))
        (i32.store8 (local.get $w) (local.get $byte))
        (local.set $r (i32.add (local.get $r) (i32.const 2)))
        (local.set $w (i32.add (local.get $w) (i32.const 1)))
        (br $step)))
    (i32.store (i32.const 0) (local.get $units))
    (i32.store (i32.const 4) (local.get $wide))
    (i32.sub (local.get $w) (global.get $OUT)))
)
