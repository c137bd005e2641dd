// A program execve cannot run because it is built for another machine (an x86-64 release on an arm64 host, a macOS or
// Windows binary on Linux). execve fails with ENOEXEC and libc's exec then hands the file to /bin/sh as a script, which
// runs its bytes as commands: `correx run -- ./tool` said '/tmp/tool: 1: ELF…: not found' and exited 127, where bash
// says 'cannot execute binary file: Exec format error' (126). So a program named by a path (`./tool`, `/opt/x/bin/y`)
// is looked at first, on Linux: 64 bytes read. A bare name found on PATH is left to the spawn, as before.
import { resolve } from "node:path";
import { readFileHead } from "./file-head.js";

/** ELF machines each host runs (its own, and the 32-bit one it usually also runs); hosts not named are not checked. */
const NATIVE_MACHINES: Partial<Record<NodeJS.Architecture, readonly number[]>> = { x64: [62, 3], arm64: [183, 40], ia32: [3], arm: [40] };

const MACHINE_NAMES: Record<number, string> = { 3: "x86 (32-bit)", 8: "MIPS", 20: "PowerPC", 21: "PowerPC 64", 22: "s390x", 40: "ARM (32-bit)", 62: "x86-64", 183: "arm64 (aarch64)", 243: "RISC-V", 258: "LoongArch" };

/** Why the program at `program` (from `cwd`) cannot run here, when it is a binary for another machine; else undefined. */
export function foreignBinary(program: string, cwd: string | undefined): string | undefined {
  if (process.platform !== "linux" || !program.includes("/")) return undefined;
  const native = NATIVE_MACHINES[process.arch];
  if (native === undefined) return undefined;
  const head = readFileHead(resolve(cwd ?? ".", program), 64);
  if (head === undefined || head.length < 4) return undefined;
  if (head[0] === 0x7f && head.toString("latin1", 1, 4) === "ELF") {
    if (head.length < 20) return undefined;
    const machine = head[5] === 2 ? head.readUInt16BE(18) : head.readUInt16LE(18);
    if (native.includes(machine)) return undefined;
    return `an ELF executable for ${MACHINE_NAMES[machine] ?? `machine ${machine}`}; this machine is ${MACHINE_NAMES[native[0]!]}`;
  }
  const magic = head.readUInt32BE(0);
  if (magic === 0xfeedface || magic === 0xfeedfacf || magic === 0xcefaedfe || magic === 0xcffaedfe) return "a macOS (Mach-O) executable";
  if (head[0] === 0x4d && head[1] === 0x5a) return "a Windows (PE) executable";
  return undefined;
}
