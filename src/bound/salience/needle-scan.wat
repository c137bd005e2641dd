;; The needle scan of salience's byte path in one pass, 32 bytes a step (WebAssembly SIMD). Source of the bytes in
;; needle-scan-module.ts: after a change, run `node scripts/assemble-wasm.mjs` (it needs wabt, see there).
;;
;; scan(start, end, limit, most) looks at memory[start, end) (the caller copied a region of whole lines there):
;; 1. candidates: a Teddy-style fingerprint of each needle's first three bytes, looked up by nibble with swizzle
;;    (a lane is a candidate when the three bytes from it may start a needle of some bucket; which needles share a
;;    bucket, needle-buckets.ts, decides how many lanes pass); relaxed SIMD's swizzle, one pshufb where V8 makes
;;    swizzle a saturating add and a pshufb (every index here is a nibble, where the two give the same bytes; the
;;    assembler also writes the module with swizzle, for a runtime without relaxed SIMD);
;; 2. hits: a candidate is compared with the needles of its buckets (16 bytes, masked to the needle's length);
;; 3. novelty: the line from a hit, hex digits (0-9, a-f, A-F: numbers, ids, hashes) as "0", each run of them
;;    one "0", its first 32 such bytes (cut at the line's end) are hashed (`$kind`), for a hit whose fine key (the
;;    48 bytes the kind is read from, masked where they lie: cheaper) was seen fewer than `limit` times; two
;;    tables of 32,768 (tag, count) slots count the fine keys and the kinds, and a hit is written out only while
;;    its kind was seen fewer than `limit` times (a flood of one kind of error costs no further work, a new kind
;;    of line is still found).
;; It writes the hits' positions at OUT and the newlines before each (from `start`) at OUT_LINES, at most `most`
;; of them (later novel hits are counted in the table, not written), and returns how many; when OUT_CAP are
;; written it stops; STATS holds the hits found (novel or not), where the scan stopped (end, or earlier when OUT
;; was full: call again from there) and the newlines in [start, stop).
;; The loop over the blocks keeps to registers (its constants loaded from memory, not splatted again on each step;
;; the candidate lanes, a few blocks in a hundred on log lines, handled by a function of their own): 22 % fewer
;; instructions than one block a step with the lanes inline (bench/README.md, "The byte path's scan"); relaxed
;; swizzle a fifth fewer again (bench/README.md, "The needle scan per MiB").
(module
  (memory (export "memory") 38)
  ;; Layout (bytes): [0, 1 MiB) the window, then 64 bytes of padding the loads may read.
  ;; 0x110000 STATS: i32 hits, i32 stop, i32 newlines, i32 kinds worked out (all calls). 0x110040 FP: lo0 hi0 lo1 hi1 lo2 hi2 (16 bytes each).
  ;; 0x1100A0 the loop's constants (the data below): sixteen 0x0a, sixteen 0x0f.
  ;; 0x110100 PREFIX: 17 masks, mask k has lanes < k set. 0x110300 BUCKETS: i32 first needle of bucket 0..8.
  ;; 0x110400 NEEDLES: 48 bytes each (16 bytes of text, 16 of mask). 0x11C000 COMPACT: 256 × 8 swizzle indices.
  ;; 0x11C800 GATHER: the kept bytes of a kind (64 bytes). 0x120000 TABLE: fine keys' 32,768 i32 slots, then
  ;; 0x140000 the kinds' 32,768.
  ;; 0x160000 OUT: i32 positions, OUT_CAP = 131,072. 0x1E0000 OUT_LINES: i32 newlines before each.
  (data (i32.const 0x1100A0) "\0a\0a\0a\0a\0a\0a\0a\0a\0a\0a\0a\0a\0a\0a\0a\0a\0f\0f\0f\0f\0f\0f\0f\0f\0f\0f\0f\0f\0f\0f\0f\0f")
  ;; hits found (novel or not) and hits written out, in the current call of scan
  (global $hits (mut i32) (i32.const 0))
  ;; kinds worked out since the instance was made (STATS, for the tests that count work)
  (global $kinds (mut i32) (i32.const 0))
  (global $count (mut i32) (i32.const 0))

  ;; Six words hashed (a key of two vectors passes a zero third), finished as MurmurHash3's fmix64 does, so that
  ;; every byte of the key reaches the slot's bits
  ;; (a bare multiply carries the last bytes only upward: keys that differed there shared a slot and, evicting each
  ;; other, were handed back on every hit).
  (func $mix (param $a v128) (param $b v128) (param $c v128) (result i64)
    (local $h i64)
    (local.set $h (i64.mul (i64.xor (i64x2.extract_lane 0 (local.get $a)) (i64.const 0x243F6A8885A308D3)) (i64.const 0x9E3779B97F4A7C15)))
    (local.set $h (i64.mul (i64.xor (i64.rotl (local.get $h) (i64.const 31)) (i64x2.extract_lane 1 (local.get $a))) (i64.const 0x9E3779B97F4A7C15)))
    (local.set $h (i64.mul (i64.xor (i64.rotl (local.get $h) (i64.const 31)) (i64x2.extract_lane 0 (local.get $b))) (i64.const 0x9E3779B97F4A7C15)))
    (local.set $h (i64.mul (i64.xor (i64.rotl (local.get $h) (i64.const 31)) (i64x2.extract_lane 1 (local.get $b))) (i64.const 0x9E3779B97F4A7C15)))
    (local.set $h (i64.mul (i64.xor (i64.rotl (local.get $h) (i64.const 31)) (i64x2.extract_lane 0 (local.get $c))) (i64.const 0x9E3779B97F4A7C15)))
    (local.set $h (i64.mul (i64.xor (i64.rotl (local.get $h) (i64.const 31)) (i64x2.extract_lane 1 (local.get $c))) (i64.const 0x9E3779B97F4A7C15)))
    (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0xff51afd7ed558ccd)))
    (local.set $h (i64.mul (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))) (i64.const 0xc4ceb9fe1a85ec53)))
    (i64.xor (local.get $h) (i64.shr_u (local.get $h) (i64.const 33))))

  ;; Counts key `h` in the table at `table` (32,768 slots of 4 bytes: a 24-bit tag, a count): 1 when it was seen
  ;; fewer than `limit` times before (this one counted), else 0. A slot another key took forgets the count.
  (func $count (param $table i32) (param $h i64) (param $limit i32) (result i32)
    (local $slot i32) (local $tag i32) (local $entry i32)
    (local.set $slot (i32.add (local.get $table) (i32.shl (i32.and (i32.wrap_i64 (i64.shr_u (local.get $h) (i64.const 40))) (i32.const 0x7fff)) (i32.const 2))))
    (local.set $tag (i32.or (i32.and (i32.wrap_i64 (local.get $h)) (i32.const 0xffffff00)) (i32.const 0x100)))
    (local.set $entry (i32.load (local.get $slot)))
    (if (i32.ne (i32.and (local.get $entry) (i32.const 0xffffff00)) (local.get $tag))
      (then (i32.store (local.get $slot) (i32.or (local.get $tag) (i32.const 1))) (return (i32.const 1))))
    (if (i32.ge_u (i32.and (local.get $entry) (i32.const 0xff)) (local.get $limit)) (then (return (i32.const 0))))
    (i32.store (local.get $slot) (i32.add (local.get $entry) (i32.const 1)))
    (i32.const 1))

  ;; The kind of line a hit is: the line from the hit with hex digits (0-9, a-f, A-F: numbers, ids, hashes) as "0"
  ;; and each run of them one "0" (a duration of 95 or 1825 ms, worker 7 or 13, an id of 7 or 8 digits: one kind),
  ;; its first 32 such bytes, from at most 48 bytes cut at the line's end; hashed (`$mix`). The 48 bytes are
  ;; classified in three vectors; the bytes kept (not a run's later digit, before the newline) are gathered 8 at a
  ;; time with a swizzle whose indices
  ;; COMPACT holds for each 8-bit mask (the bytes of its set bits, in order), each 8 written where the last left off
  ;; at GATHER. The loads stay within the 64 bytes of padding after the window (and after the tail ring's memory).
  (func $kind (param $p i32) (result i64)
    (local $v0 v128) (local $v1 v128) (local $v2 v128) (local $x v128) (local $a v128) (local $b v128)
    (local $zero v128) (local $ten v128) (local $six v128) (local $lower v128) (local $case v128)
    (local $hex i64) (local $nl i64) (local $keep i64) (local $m i32) (local $n i32) (local $h i64)
    (global.set $kinds (i32.add (global.get $kinds) (i32.const 1)))
    (local.set $zero (i8x16.splat (i32.const 0x30)))
    (local.set $ten (i8x16.splat (i32.const 10)))
    (local.set $six (i8x16.splat (i32.const 6)))
    (local.set $lower (i8x16.splat (i32.const 0x61)))
    (local.set $case (i8x16.splat (i32.const 0x20)))
    (local.set $v0 (v128.load offset=0 (local.get $p)))
    (local.set $x (v128.or (i8x16.lt_u (i8x16.sub (local.get $v0) (local.get $zero)) (local.get $ten))
                           (i8x16.lt_u (i8x16.sub (v128.or (local.get $v0) (local.get $case)) (local.get $lower)) (local.get $six))))
    (local.set $hex (i64.or (local.get $hex) (i64.shl (i64.extend_i32_u (i8x16.bitmask (local.get $x))) (i64.const 0))))
    (local.set $nl (i64.or (local.get $nl) (i64.shl (i64.extend_i32_u (i8x16.bitmask (i8x16.eq (local.get $v0) (local.get $ten)))) (i64.const 0))))
    (local.set $v0 (v128.bitselect (local.get $zero) (local.get $v0) (local.get $x)))
    (local.set $v1 (v128.load offset=16 (local.get $p)))
    (local.set $x (v128.or (i8x16.lt_u (i8x16.sub (local.get $v1) (local.get $zero)) (local.get $ten))
                           (i8x16.lt_u (i8x16.sub (v128.or (local.get $v1) (local.get $case)) (local.get $lower)) (local.get $six))))
    (local.set $hex (i64.or (local.get $hex) (i64.shl (i64.extend_i32_u (i8x16.bitmask (local.get $x))) (i64.const 16))))
    (local.set $nl (i64.or (local.get $nl) (i64.shl (i64.extend_i32_u (i8x16.bitmask (i8x16.eq (local.get $v1) (local.get $ten)))) (i64.const 16))))
    (local.set $v1 (v128.bitselect (local.get $zero) (local.get $v1) (local.get $x)))
    (local.set $v2 (v128.load offset=32 (local.get $p)))
    (local.set $x (v128.or (i8x16.lt_u (i8x16.sub (local.get $v2) (local.get $zero)) (local.get $ten))
                           (i8x16.lt_u (i8x16.sub (v128.or (local.get $v2) (local.get $case)) (local.get $lower)) (local.get $six))))
    (local.set $hex (i64.or (local.get $hex) (i64.shl (i64.extend_i32_u (i8x16.bitmask (local.get $x))) (i64.const 32))))
    (local.set $nl (i64.or (local.get $nl) (i64.shl (i64.extend_i32_u (i8x16.bitmask (i8x16.eq (local.get $v2) (local.get $ten)))) (i64.const 32))))
    (local.set $v2 (v128.bitselect (local.get $zero) (local.get $v2) (local.get $x)))
    ;; kept: a byte that is not a hex digit after a hex digit, before the line's end (within the 48 bytes)
    (local.set $keep (i64.and
      (i64.xor (i64.and (local.get $hex) (i64.shl (local.get $hex) (i64.const 1))) (i64.const -1))
      (i64.sub (i64.shl (i64.const 1) (select (i64.ctz (local.get $nl)) (i64.const 48) (i64.ne (local.get $nl) (i64.const 0)))) (i64.const 1))))
    (local.set $m (i32.wrap_i64 (i64.and (i64.shr_u (local.get $keep) (i64.const 0)) (i64.const 0xff))))
    (i64.store (i32.add (i32.const 0x11C800) (local.get $n))
      (i64x2.extract_lane 0 (i8x16.relaxed_swizzle (i64x2.splat (i64x2.extract_lane 0 (local.get $v0))) (i64x2.splat (i64.load (i32.add (i32.const 0x11C000) (i32.shl (local.get $m) (i32.const 3))))))))
    (local.set $n (i32.add (local.get $n) (i32.popcnt (local.get $m))))
    (local.set $m (i32.wrap_i64 (i64.and (i64.shr_u (local.get $keep) (i64.const 8)) (i64.const 0xff))))
    (i64.store (i32.add (i32.const 0x11C800) (local.get $n))
      (i64x2.extract_lane 0 (i8x16.relaxed_swizzle (i64x2.splat (i64x2.extract_lane 1 (local.get $v0))) (i64x2.splat (i64.load (i32.add (i32.const 0x11C000) (i32.shl (local.get $m) (i32.const 3))))))))
    (local.set $n (i32.add (local.get $n) (i32.popcnt (local.get $m))))
    (local.set $m (i32.wrap_i64 (i64.and (i64.shr_u (local.get $keep) (i64.const 16)) (i64.const 0xff))))
    (i64.store (i32.add (i32.const 0x11C800) (local.get $n))
      (i64x2.extract_lane 0 (i8x16.relaxed_swizzle (i64x2.splat (i64x2.extract_lane 0 (local.get $v1))) (i64x2.splat (i64.load (i32.add (i32.const 0x11C000) (i32.shl (local.get $m) (i32.const 3))))))))
    (local.set $n (i32.add (local.get $n) (i32.popcnt (local.get $m))))
    (local.set $m (i32.wrap_i64 (i64.and (i64.shr_u (local.get $keep) (i64.const 24)) (i64.const 0xff))))
    (i64.store (i32.add (i32.const 0x11C800) (local.get $n))
      (i64x2.extract_lane 0 (i8x16.relaxed_swizzle (i64x2.splat (i64x2.extract_lane 1 (local.get $v1))) (i64x2.splat (i64.load (i32.add (i32.const 0x11C000) (i32.shl (local.get $m) (i32.const 3))))))))
    (local.set $n (i32.add (local.get $n) (i32.popcnt (local.get $m))))
    (local.set $m (i32.wrap_i64 (i64.and (i64.shr_u (local.get $keep) (i64.const 32)) (i64.const 0xff))))
    (i64.store (i32.add (i32.const 0x11C800) (local.get $n))
      (i64x2.extract_lane 0 (i8x16.relaxed_swizzle (i64x2.splat (i64x2.extract_lane 0 (local.get $v2))) (i64x2.splat (i64.load (i32.add (i32.const 0x11C000) (i32.shl (local.get $m) (i32.const 3))))))))
    (local.set $n (i32.add (local.get $n) (i32.popcnt (local.get $m))))
    (local.set $m (i32.wrap_i64 (i64.and (i64.shr_u (local.get $keep) (i64.const 40)) (i64.const 0xff))))
    (i64.store (i32.add (i32.const 0x11C800) (local.get $n))
      (i64x2.extract_lane 0 (i8x16.relaxed_swizzle (i64x2.splat (i64x2.extract_lane 1 (local.get $v2))) (i64x2.splat (i64.load (i32.add (i32.const 0x11C000) (i32.shl (local.get $m) (i32.const 3))))))))
    (local.set $n (i32.add (local.get $n) (i32.popcnt (local.get $m))))
    ;; the first 32 bytes gathered, those past the kept ones cleared (PREFIX masks)
    (local.set $a (v128.load (i32.const 0x11C800)))
    (local.set $b (v128.load (i32.const 0x11C810)))
    (if (i32.lt_u (local.get $n) (i32.const 16))
      (then
        (local.set $a (v128.and (local.get $a) (v128.load (i32.add (i32.const 0x110100) (i32.shl (local.get $n) (i32.const 4))))))
        (local.set $b (v128.const i64x2 0 0)))
      (else
        (if (i32.lt_u (local.get $n) (i32.const 32))
          (then (local.set $b (v128.and (local.get $b) (v128.load (i32.add (i32.const 0x110100) (i32.shl (i32.sub (local.get $n) (i32.const 16)) (i32.const 4))))))))))
    (call $mix (local.get $a) (local.get $b) (v128.const i64x2 0 0)))

  ;; The candidate lanes `c` of the block at p (its newlines before `end`: the mask `newlines`, `lines` before it):
  ;; compared with the needles of their buckets, and a hit's kind counted; returns 1 when OUT filled up (STATS then
  ;; say where to go on from), else 0. A function of its own, so the block loop keeps its few values in registers.
  (func $lanes (param $p i32) (param $end i32) (param $c v128) (param $newlines i32) (param $lines i32) (param $limit i32) (param $most i32) (result i32)
    (local $lanes i32) (local $pos i32) (local $text v128) (local $buckets i32) (local $matched i32) (local $needle i32) (local $last i32)
    (local $a v128) (local $b v128) (local $x v128) (local $nl i32) (local $h i64) (local $zero v128) (local $ten v128) (local $six v128) (local $lower v128) (local $case v128)
    (local.set $zero (i8x16.splat (i32.const 0x30)))
    (local.set $ten (i8x16.splat (i32.const 10)))
    (local.set $six (i8x16.splat (i32.const 6)))
    (local.set $lower (i8x16.splat (i32.const 0x61)))
    (local.set $case (i8x16.splat (i32.const 0x20)))
    (v128.store (i32.const 0x110020) (local.get $c))
    (local.set $lanes (i8x16.bitmask (i8x16.ne (local.get $c) (v128.const i64x2 0 0))))
    (block $lanes_done
      (loop $lane
        (br_if $lanes_done (i32.eqz (local.get $lanes)))
        (local.set $pos (i32.add (local.get $p) (i32.ctz (local.get $lanes))))
        (br_if $lanes_done (i32.ge_u (local.get $pos) (local.get $end)))
        ;; a needle of the lane's buckets starts here?
        (local.set $text (v128.load (local.get $pos)))
        (local.set $buckets (i32.load8_u (i32.add (i32.const 0x110020) (i32.ctz (local.get $lanes)))))
        (local.set $matched (i32.const 0))
        (block $match_done
          (loop $next_bucket
            (br_if $match_done (i32.eqz (local.get $buckets)))
            (local.set $needle (i32.load (i32.add (i32.const 0x110300) (i32.shl (i32.ctz (local.get $buckets)) (i32.const 2)))))
            (local.set $last (i32.load offset=4 (i32.add (i32.const 0x110300) (i32.shl (i32.ctz (local.get $buckets)) (i32.const 2)))))
            (local.set $buckets (i32.and (local.get $buckets) (i32.sub (local.get $buckets) (i32.const 1))))
            (block $bucket_done
              (loop $next_needle
                (br_if $bucket_done (i32.ge_u (local.get $needle) (local.get $last)))
                (if (i8x16.all_true
                      (i8x16.eq
                        (v128.and (local.get $text) (v128.load offset=0x110410 (i32.mul (local.get $needle) (i32.const 48))))
                        (v128.load offset=0x110400 (i32.mul (local.get $needle) (i32.const 48)))))
                  (then (local.set $matched (i32.const 1)) (br $match_done)))
                (local.set $needle (i32.add (local.get $needle) (i32.const 1)))
                (br $next_needle)))
            (br $next_bucket)))
;; a needle that opens with the newline (glog's `\nW1`) finds the line after it: the hit is that line's first byte
        ;; (its kind read from there), none when the newline ends the window (the next window's first line)
        (if (local.get $matched)
          (then
            (if (i32.eq (i32.load8_u (local.get $pos)) (i32.const 10))
              (then
                (local.set $pos (i32.add (local.get $pos) (i32.const 1)))
                (local.set $matched (i32.lt_u (local.get $pos) (local.get $end)))))))
        (if (local.get $matched)
          (then
            (global.set $hits (i32.add (global.get $hits) (i32.const 1)))
            ;; its kind of line seen fewer than `limit` times? (counted) A hit whose fine key (its 32 bytes as they
            ;; lie) was seen `limit` times is of a kind seen as often (the kind is coarser), so its kind, the costlier
            ;; key, is worked out only for the others: in a flood of errors most hits stop at the fine key.
            (if (block $novel (result i32)
              ;; the fine key: the 48 bytes from pos (those the kind is read from), hex digits as "0" where they lie,
              ;; cleared from the line's end on: each width of a number makes another fine key, and a kind is a union
              ;; of fine keys (the kind is worked out from these bytes alone)
              (local.set $a (v128.load (local.get $pos)))
              (local.set $b (v128.load offset=16 (local.get $pos)))
              (local.set $x (v128.load offset=32 (local.get $pos)))
              (local.set $nl (i32.ctz (i32.or (i32.const 0x10000) (i8x16.bitmask (i8x16.eq (local.get $a) (local.get $ten))))))
              (if (i32.eq (local.get $nl) (i32.const 16))
                (then (local.set $nl (i32.add (i32.const 16) (i32.ctz (i32.or (i32.const 0x10000) (i8x16.bitmask (i8x16.eq (local.get $b) (local.get $ten)))))))))
              (if (i32.eq (local.get $nl) (i32.const 32))
                (then (local.set $nl (i32.add (i32.const 32) (i32.ctz (i32.or (i32.const 0x10000) (i8x16.bitmask (i8x16.eq (local.get $x) (local.get $ten)))))))))
              (local.set $a (v128.bitselect (local.get $zero) (local.get $a)
                (v128.or (i8x16.lt_u (i8x16.sub (local.get $a) (local.get $zero)) (local.get $ten))
                         (i8x16.lt_u (i8x16.sub (v128.or (local.get $a) (local.get $case)) (local.get $lower)) (local.get $six)))))
              (local.set $b (v128.bitselect (local.get $zero) (local.get $b)
                (v128.or (i8x16.lt_u (i8x16.sub (local.get $b) (local.get $zero)) (local.get $ten))
                         (i8x16.lt_u (i8x16.sub (v128.or (local.get $b) (local.get $case)) (local.get $lower)) (local.get $six)))))
              (local.set $x (v128.bitselect (local.get $zero) (local.get $x)
                (v128.or (i8x16.lt_u (i8x16.sub (local.get $x) (local.get $zero)) (local.get $ten))
                         (i8x16.lt_u (i8x16.sub (v128.or (local.get $x) (local.get $case)) (local.get $lower)) (local.get $six)))))
              ;; the lanes from the newline on cleared (PREFIX: mask k has lanes < k set)
              (if (i32.lt_u (local.get $nl) (i32.const 48))
                (then
                  (if (i32.lt_u (local.get $nl) (i32.const 16))
                    (then
                      (local.set $a (v128.and (local.get $a) (v128.load (i32.add (i32.const 0x110100) (i32.shl (local.get $nl) (i32.const 4))))))
                      (local.set $b (v128.const i64x2 0 0))
                      (local.set $x (v128.const i64x2 0 0)))
                    (else
                      (if (i32.lt_u (local.get $nl) (i32.const 32))
                        (then
                          (local.set $b (v128.and (local.get $b) (v128.load (i32.add (i32.const 0x110100) (i32.shl (i32.sub (local.get $nl) (i32.const 16)) (i32.const 4))))))
                          (local.set $x (v128.const i64x2 0 0)))
                        (else
                          (local.set $x (v128.and (local.get $x) (v128.load (i32.add (i32.const 0x110100) (i32.shl (i32.sub (local.get $nl) (i32.const 32)) (i32.const 4))))))))))))
              (local.set $h (call $mix (local.get $a) (local.get $b) (local.get $x)))
              (drop (br_if $novel (i32.const 0) (i32.eqz (call $count (i32.const 0x120000) (local.get $h) (local.get $limit)))))
              (call $count (i32.const 0x140000) (call $kind (local.get $pos)) (local.get $limit)))
              (then
               (if (i32.lt_u (global.get $count) (local.get $most))
                (then
                (i32.store (i32.add (i32.const 0x160000) (i32.shl (global.get $count) (i32.const 2))) (local.get $pos))
                (i32.store (i32.add (i32.const 0x1E0000) (i32.shl (global.get $count) (i32.const 2)))
                  (i32.add (local.get $lines)
                    (i32.popcnt (i32.and (local.get $newlines) (i32.sub (i32.shl (i32.const 1) (i32.sub (local.get $pos) (local.get $p))) (i32.const 1))))))
                (global.set $count (i32.add (global.get $count) (i32.const 1)))
                (if (i32.ge_u (global.get $count) (i32.const 131072))
                  (then
                    (i32.store (i32.const 0x110000) (global.get $hits))
                    (i32.store (i32.const 0x11000C) (global.get $kinds))
                    (i32.store (i32.const 0x110004) (i32.add (local.get $pos) (i32.const 1)))
                    (i32.store (i32.const 0x110008)
                      (i32.add (local.get $lines)
                        (i32.popcnt (i32.and (local.get $newlines) (i32.sub (i32.shl (i32.const 2) (i32.sub (local.get $pos) (local.get $p))) (i32.const 1))))))
                    (return (i32.const 1))))))))))
        (local.set $lanes (i32.and (local.get $lanes) (i32.sub (local.get $lanes) (i32.const 1))))
        (br $lane)))
    (i32.const 0))

  (func (export "scan") (param $start i32) (param $end i32) (param $limit i32) (param $most i32) (result i32)
    (local $p i32) (local $c v128) (local $c2 v128) (local $v v128) (local $w v128) (local $newlines i32) (local $newlines2 i32) (local $lines i32)
    (local $ten v128) (local $nibble v128) (local $lo0 v128) (local $hi0 v128) (local $lo1 v128) (local $hi1 v128) (local $lo2 v128) (local $hi2 v128)
    (global.set $hits (i32.const 0))
    (global.set $count (i32.const 0))
    (local.set $lo0 (v128.load (i32.const 0x110040)))
    (local.set $hi0 (v128.load (i32.const 0x110050)))
    (local.set $lo1 (v128.load (i32.const 0x110060)))
    (local.set $hi1 (v128.load (i32.const 0x110070)))
    (local.set $lo2 (v128.load (i32.const 0x110080)))
    (local.set $hi2 (v128.load (i32.const 0x110090)))
    ;; constants loaded from memory: TurboFan keeps a loaded value in a register, where it would build a splat again on
    ;; every step of the loop
    (local.set $ten (v128.load (i32.const 0x1100A0)))
    (local.set $nibble (v128.load (i32.const 0x1100B0)))
    (local.set $p (local.get $start))
    ;; two blocks a step while 32 bytes are left (the lanes of the first block are looked at before the second's)
    (block $pairs_done
      (loop $pair
        (br_if $pairs_done (i32.lt_u (i32.sub (local.get $end) (local.get $p)) (i32.const 32)))
        ;; lanes where the three bytes from them fit some bucket's fingerprint (the bucket bits, per lane); a high
        ;; nibble is a 16-bit shift and the low nibble mask (x86 has no 8-bit shift)
        (local.set $c
          (v128.and
            (v128.and
              (v128.and
                (i8x16.relaxed_swizzle (local.get $lo0) (v128.and (local.tee $v (v128.load (local.get $p))) (local.get $nibble)))
                (i8x16.relaxed_swizzle (local.get $hi0) (v128.and (i16x8.shr_u (local.get $v) (i32.const 4)) (local.get $nibble))))
              (v128.and
                (i8x16.relaxed_swizzle (local.get $lo1) (v128.and (local.tee $w (v128.load offset=1 (local.get $p))) (local.get $nibble)))
                (i8x16.relaxed_swizzle (local.get $hi1) (v128.and (i16x8.shr_u (local.get $w) (i32.const 4)) (local.get $nibble)))))
            (v128.and
              (i8x16.relaxed_swizzle (local.get $lo2) (v128.and (local.tee $w (v128.load offset=2 (local.get $p))) (local.get $nibble)))
              (i8x16.relaxed_swizzle (local.get $hi2) (v128.and (i16x8.shr_u (local.get $w) (i32.const 4)) (local.get $nibble))))))
        (local.set $newlines (i8x16.bitmask (i8x16.eq (local.get $v) (local.get $ten))))
        (local.set $c2
          (v128.and
            (v128.and
              (v128.and
                (i8x16.relaxed_swizzle (local.get $lo0) (v128.and (local.tee $v (v128.load offset=16 (local.get $p))) (local.get $nibble)))
                (i8x16.relaxed_swizzle (local.get $hi0) (v128.and (i16x8.shr_u (local.get $v) (i32.const 4)) (local.get $nibble))))
              (v128.and
                (i8x16.relaxed_swizzle (local.get $lo1) (v128.and (local.tee $w (v128.load offset=17 (local.get $p))) (local.get $nibble)))
                (i8x16.relaxed_swizzle (local.get $hi1) (v128.and (i16x8.shr_u (local.get $w) (i32.const 4)) (local.get $nibble)))))
            (v128.and
              (i8x16.relaxed_swizzle (local.get $lo2) (v128.and (local.tee $w (v128.load offset=18 (local.get $p))) (local.get $nibble)))
              (i8x16.relaxed_swizzle (local.get $hi2) (v128.and (i16x8.shr_u (local.get $w) (i32.const 4)) (local.get $nibble))))))
        (local.set $newlines2 (i8x16.bitmask (i8x16.eq (local.get $v) (local.get $ten))))
        (if (v128.any_true (v128.or (local.get $c) (local.get $c2)))
          (then
            (if (v128.any_true (local.get $c))
              (then
                (if (call $lanes (local.get $p) (local.get $end) (local.get $c) (local.get $newlines) (local.get $lines) (local.get $limit) (local.get $most))
                  (then (return (global.get $count))))))
            (local.set $lines (i32.add (local.get $lines) (i32.popcnt (local.get $newlines))))
            (if (v128.any_true (local.get $c2))
              (then
                (if (call $lanes (i32.add (local.get $p) (i32.const 16)) (local.get $end) (local.get $c2) (local.get $newlines2) (local.get $lines) (local.get $limit) (local.get $most))
                  (then (return (global.get $count))))))
            (local.set $lines (i32.add (local.get $lines) (i32.popcnt (local.get $newlines2)))))
          (else
            (local.set $lines (i32.add (local.get $lines) (i32.popcnt (i32.or (local.get $newlines) (i32.shl (local.get $newlines2) (i32.const 16))))))))
        (local.set $p (i32.add (local.get $p) (i32.const 32)))
        (br $pair)))
    ;; the last block or two (the newlines of the lanes before `end` only)
    (block $finished
      (loop $block
        (br_if $finished (i32.ge_u (local.get $p) (local.get $end)))
        (local.set $c
          (v128.and
            (v128.and
              (v128.and
                (i8x16.relaxed_swizzle (local.get $lo0) (v128.and (local.tee $v (v128.load (local.get $p))) (local.get $nibble)))
                (i8x16.relaxed_swizzle (local.get $hi0) (v128.and (i16x8.shr_u (local.get $v) (i32.const 4)) (local.get $nibble))))
              (v128.and
                (i8x16.relaxed_swizzle (local.get $lo1) (v128.and (local.tee $w (v128.load offset=1 (local.get $p))) (local.get $nibble)))
                (i8x16.relaxed_swizzle (local.get $hi1) (v128.and (i16x8.shr_u (local.get $w) (i32.const 4)) (local.get $nibble)))))
            (v128.and
              (i8x16.relaxed_swizzle (local.get $lo2) (v128.and (local.tee $w (v128.load offset=2 (local.get $p))) (local.get $nibble)))
              (i8x16.relaxed_swizzle (local.get $hi2) (v128.and (i16x8.shr_u (local.get $w) (i32.const 4)) (local.get $nibble))))))
        (local.set $newlines (i8x16.bitmask (i8x16.eq (local.get $v) (local.get $ten))))
        (if (i32.lt_u (i32.sub (local.get $end) (local.get $p)) (i32.const 16))
          (then (local.set $newlines (i32.and (local.get $newlines) (i32.sub (i32.shl (i32.const 1) (i32.sub (local.get $end) (local.get $p))) (i32.const 1))))))
        (if (v128.any_true (local.get $c))
          (then
            (if (call $lanes (local.get $p) (local.get $end) (local.get $c) (local.get $newlines) (local.get $lines) (local.get $limit) (local.get $most))
              (then (return (global.get $count))))))
        (local.set $lines (i32.add (local.get $lines) (i32.popcnt (local.get $newlines))))
        (local.set $p (i32.add (local.get $p) (i32.const 16)))
        (br $block)))
    (i32.store (i32.const 0x110000) (global.get $hits))
    (i32.store (i32.const 0x11000C) (global.get $kinds))
    (i32.store (i32.const 0x110004) (local.get $end))
    (i32.store (i32.const 0x110008) (local.get $lines))
    (global.get $count))
)
