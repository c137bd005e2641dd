;; The token masks of template.ts in one pass over a text (lines joined by "\n"), for the near-fold's line shapes and
;; the miner's tokens: what the regular expressions there give, without a string made per mask. Assembled into
;; shape-mask-module.ts by scripts/assemble-wasm.mjs, which writes the class table below from JavaScript's own \s and
;; \w (no SIMD: a table load and a branch or two a character).
;;
;; mask(len, wide, mode): the text is at TEXT (256), `len` UTF-16 units, each a byte when `wide` is 0 (ASCII text:
;; the caller checked) or two (little-endian) when it is 1; the masked text is written at `out` (exported: past the
;; text, rounded up to 8) in units of the same width, and its length in units returned. Whitespace (JavaScript's \s)
;; is copied; each token (a run of other units) is masked by the first rule that applies:
;;   longer than 64 units                                  "…" (U+2026; 0x80 in a byte text, for the caller to swap)
;;   mode 0: a / or \ and a word character or "."          "P"
;;   mode 0: quoted, as template.ts's QUOTED_TOKEN         "Q"
;;   7+ hex digits (either case) with a decimal digit      "H"
;;   else each run of decimal digits "N", and (mode 0) each run of one punctuation unit ([^\w\s]) two of it.
;; Mode 0 is the line shape's mask (maskShape), mode 1 the miner's (maskedTokens: long, hex and digits only).
;; `longs` (exported) counts the "…" written.
(module
  (memory (export "memory") 1)
  ;; A unit's classes, for units below 256: 1 \s, 2 \w, 4 hex digit, 8 decimal digit, 16 / or \, 32 "."
  (data (i32.const 0) "CLASS_TABLE")
  (global $out (export "out") (mut i32) (i32.const 0))
  (global $longs (export "longs") (mut i32) (i32.const 0))

  ;; The classes of a unit past 255 (the table holds the others): 1 when it is \s (U+1680, U+2000-U+200A, U+2028,
  ;; U+2029, U+202F, U+205F, U+3000, U+FEFF), else none.
  (func $wideClasses (param $c i32) (result i32)
    (i32.or
      (i32.or
        (i32.or (i32.eq (local.get $c) (i32.const 0x1680))
                (i32.le_u (i32.sub (local.get $c) (i32.const 0x2000)) (i32.const 10)))
        (i32.or (i32.eq (local.get $c) (i32.const 0x2028)) (i32.eq (local.get $c) (i32.const 0x2029))))
      (i32.or
        (i32.or (i32.eq (local.get $c) (i32.const 0x202f)) (i32.eq (local.get $c) (i32.const 0x205f)))
        (i32.or (i32.eq (local.get $c) (i32.const 0x3000)) (i32.eq (local.get $c) (i32.const 0xfeff))))))

  ;; The unit at index $i of the text.
  (func $at (param $i i32) (param $wide i32) (result i32)
    (if (result i32) (local.get $wide)
      (then (i32.load16_u offset=256 (i32.shl (local.get $i) (i32.const 1))))
      (else (i32.load8_u offset=256 (local.get $i)))))

  ;; ` ' " and the opening ‘ “ «
  (func $opens (param $c i32) (result i32)
    (i32.or
      (i32.or (i32.or (i32.eq (local.get $c) (i32.const 0x60)) (i32.eq (local.get $c) (i32.const 0x27)))
              (i32.eq (local.get $c) (i32.const 0x22)))
      (i32.or (i32.or (i32.eq (local.get $c) (i32.const 0x2018)) (i32.eq (local.get $c) (i32.const 0x201c)))
              (i32.eq (local.get $c) (i32.const 0xab)))))

  ;; ` ' " and the closing ’ ” »
  (func $closes (param $c i32) (result i32)
    (i32.or
      (i32.or (i32.or (i32.eq (local.get $c) (i32.const 0x60)) (i32.eq (local.get $c) (i32.const 0x27)))
              (i32.eq (local.get $c) (i32.const 0x22)))
      (i32.or (i32.or (i32.eq (local.get $c) (i32.const 0x2019)) (i32.eq (local.get $c) (i32.const 0x201d)))
              (i32.eq (local.get $c) (i32.const 0xbb)))))

  ;; ) ] . , : ;  (what may follow a closing quote)
  (func $trails (param $c i32) (result i32)
    (i32.or
      (i32.or (i32.or (i32.eq (local.get $c) (i32.const 0x29)) (i32.eq (local.get $c) (i32.const 0x5d)))
              (i32.eq (local.get $c) (i32.const 0x2e)))
      (i32.or (i32.or (i32.eq (local.get $c) (i32.const 0x2c)) (i32.eq (local.get $c) (i32.const 0x3a)))
              (i32.eq (local.get $c) (i32.const 0x3b)))))

  ;; Whether the token [$from, $to) is quoted: an optional ( or [, an opening quote, anything, a closing quote, then
  ;; only ) ] . , : ; — the closing quote is then the last unit that is none of those (they are no quotes).
  (func $quoted (param $from i32) (param $to i32) (param $wide i32) (result i32)
    (local $at i32)
    (local.set $at (local.get $from))
    (if (i32.or (i32.eq (call $at (local.get $at) (local.get $wide)) (i32.const 0x28))
                (i32.eq (call $at (local.get $at) (local.get $wide)) (i32.const 0x5b)))
      (then (local.set $at (i32.add (local.get $at) (i32.const 1)))))
    (if (i32.ge_u (local.get $at) (local.get $to)) (then (return (i32.const 0))))
    (if (i32.eqz (call $opens (call $at (local.get $at) (local.get $wide)))) (then (return (i32.const 0))))
    (local.set $from (i32.add (local.get $at) (i32.const 1)))
    (local.set $at (local.get $to))
    (block $none
      (loop $back
        (br_if $none (i32.le_u (local.get $at) (local.get $from)))
        (local.set $at (i32.sub (local.get $at) (i32.const 1)))
        (br_if $back (call $trails (call $at (local.get $at) (local.get $wide))))
        (return (call $closes (call $at (local.get $at) (local.get $wide))))))
    (i32.const 0))

  (func (export "mask") (param $len i32) (param $wide i32) (param $mode i32) (result i32)
    (local $i i32) (local $j i32) (local $c i32) (local $k i32)
    (local $any i32) (local $all i32) (local $out i32) (local $written i32) (local $last i32) (local $before i32)
    (local.set $out (i32.and (i32.add (i32.add (i32.shl (local.get $len) (local.get $wide)) (i32.const 256)) (i32.const 7))
                             (i32.const -8)))
    (global.set $out (local.get $out))
    (global.set $longs (i32.const 0))
    ;; the last two units written (-1: none), for the punctuation runs
    (local.set $last (i32.const -1))
    (local.set $before (i32.const -1))
    (block $done
      (loop $next
        (br_if $done (i32.ge_u (local.get $i) (local.get $len)))
        ;; the token [i, j): the classes any of its units has, and those all have (j = i: a blank, copied)
        (local.set $j (local.get $i))
        (local.set $any (i32.const 0))
        (local.set $all (i32.const -1))
        (block $end
          (loop $scan
            (br_if $end (i32.ge_u (local.get $j) (local.get $len)))
            (local.set $c (if (result i32) (local.get $wide)
              (then (i32.load16_u offset=256 (i32.shl (local.get $j) (i32.const 1))))
              (else (i32.load8_u offset=256 (local.get $j)))))
            (local.set $k (if (result i32) (i32.lt_u (local.get $c) (i32.const 256))
              (then (i32.load8_u (local.get $c)))
              (else (call $wideClasses (local.get $c)))))
            (br_if $end (i32.and (local.get $k) (i32.const 1)))
            (local.set $any (i32.or (local.get $any) (local.get $k)))
            (local.set $all (i32.and (local.get $all) (local.get $k)))
            (local.set $j (i32.add (local.get $j) (i32.const 1)))
            (br $scan)))
        (block $masked
          (if (i32.eq (local.get $j) (local.get $i))
            (then (local.set $j (i32.add (local.get $j) (i32.const 1)))
                  (br $masked))) ;; $c: the blank, written below
          (local.set $c (i32.const -1))
          (if (i32.gt_u (i32.sub (local.get $j) (local.get $i)) (i32.const 64))
            (then
              (local.set $c (select (i32.const 0x2026) (i32.const 0x80) (local.get $wide)))
              (global.set $longs (i32.add (global.get $longs) (i32.const 1)))
              (br $masked)))
          (if (i32.eqz (local.get $mode))
            (then
              ;; P: a / or \, and a word character or "."
              (if (i32.and (i32.ne (i32.and (local.get $any) (i32.const 16)) (i32.const 0))
                           (i32.ne (i32.and (local.get $any) (i32.const 34)) (i32.const 0)))
                (then (local.set $c (i32.const 80)) (br $masked)))
              (if (call $quoted (local.get $i) (local.get $j) (local.get $wide))
                (then (local.set $c (i32.const 81)) (br $masked))))) ;; Q
          ;; H: all hex digits, one decimal at least, 7 or more
          (if (i32.and (i32.and (i32.ne (i32.and (local.get $all) (i32.const 4)) (i32.const 0))
                                (i32.ne (i32.and (local.get $any) (i32.const 8)) (i32.const 0)))
                       (i32.ge_u (i32.sub (local.get $j) (local.get $i)) (i32.const 7)))
            (then (local.set $c (i32.const 72)) (br $masked)))
          ;; digit runs N; in mode 0 a punctuation unit the same as the two written before it is dropped
          (block $copied
            (loop $copy
              (br_if $copied (i32.ge_u (local.get $i) (local.get $j)))
              (local.set $c (if (result i32) (local.get $wide)
                (then (i32.load16_u offset=256 (i32.shl (local.get $i) (i32.const 1))))
                (else (i32.load8_u offset=256 (local.get $i)))))
              (local.set $i (i32.add (local.get $i) (i32.const 1)))
              (if (i32.le_u (i32.sub (local.get $c) (i32.const 48)) (i32.const 9))
                (then
                  (local.set $c (i32.const 78)) ;; N
                  (block $run
                    (loop $digits
                      (br_if $run (i32.ge_u (local.get $i) (local.get $j)))
                      (br_if $run (i32.gt_u (i32.sub (if (result i32) (local.get $wide)
                          (then (i32.load16_u offset=256 (i32.shl (local.get $i) (i32.const 1))))
                          (else (i32.load8_u offset=256 (local.get $i))))
                        (i32.const 48)) (i32.const 9)))
                      (local.set $i (i32.add (local.get $i) (i32.const 1)))
                      (br $digits))))
                (else
                  ;; a unit past 255 is no word character
                  (br_if $copy (i32.and
                    (i32.and (i32.eqz (local.get $mode))
                             (i32.or (i32.ge_u (local.get $c) (i32.const 256))
                                     (i32.eqz (i32.and (i32.load8_u (i32.and (local.get $c) (i32.const 255))) (i32.const 2)))))
                    (i32.and (i32.eq (local.get $c) (local.get $last)) (i32.eq (local.get $c) (local.get $before)))))))
              (if (local.get $wide)
                (then (i32.store16 (i32.add (local.get $out) (i32.shl (local.get $written) (i32.const 1))) (local.get $c)))
                (else (i32.store8 (i32.add (local.get $out) (local.get $written)) (local.get $c))))
              (local.set $written (i32.add (local.get $written) (i32.const 1)))
              (local.set $before (local.get $last))
              (local.set $last (local.get $c))
              (br $copy)))
          (local.set $c (i32.const -1)))
        ;; the token's mask or the blank, if one is to be written
        (if (i32.ge_s (local.get $c) (i32.const 0))
          (then
            (if (local.get $wide)
              (then (i32.store16 (i32.add (local.get $out) (i32.shl (local.get $written) (i32.const 1))) (local.get $c)))
              (else (i32.store8 (i32.add (local.get $out) (local.get $written)) (local.get $c))))
            (local.set $written (i32.add (local.get $written) (i32.const 1)))
            (local.set $before (local.get $last))
            (local.set $last (local.get $c))))
        (local.set $i (local.get $j))
        (br $next)))
    (local.get $written))
)
