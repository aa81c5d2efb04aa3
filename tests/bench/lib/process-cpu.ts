// CPU time of whole process trees, from /proc (Linux): a storefront instance is a process group
// (npx -> tsx -> scripts/start.ts -> the server, the SMTP child), and the PostgreSQL server is the
// postmaster and its backends. Read before and after a measured window; the difference is the
// CPU the window cost, whichever core it ran on and however busy the machine was.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// USER_HZ: the unit of /proc/<pid>/stat times. 100 on every Linux build this project runs on
// (getconf CLK_TCK); Node has no call for it.
const TICKS_PER_SECOND = 100;

type Stat = { pid: number; ppid: number; pgrp: number; ticks: number };

function readStat(pid: number): Stat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: the fields after it start past the last ")".
    const f = text.slice(text.lastIndexOf(")") + 2).split(" ");
    // f[0] is field 3 (state): ppid 4, pgrp 5, utime 14, stime 15, cutime 16, cstime 17.
    const n = (field: number) => Number(f[field - 3]);
    // cutime/cstime: children that already exited and were waited for (a live child counts itself).
    return { pid, ppid: n(4), pgrp: n(5), ticks: n(14) + n(15) + n(16) + n(17) };
  } catch {
    return undefined; // exited between the listing and the read
  }
}

function allStats(): Stat[] {
  return readdirSync("/proc")
    .filter((d) => /^\d+$/.test(d))
    .map((d) => readStat(Number(d)))
    .filter((s): s is Stat => s !== undefined);
}

/** CPU seconds used so far by every live process of each process group (by the leader's pid). */
export function groupCpuSeconds(groups: number[]): number[] {
  const stats = allStats();
  return groups.map((g) => stats.filter((s) => s.pgrp === g).reduce((sum, s) => sum + s.ticks, 0) / TICKS_PER_SECOND);
}

/** CPU seconds used so far by the PostgreSQL server of `dataDir` (the postmaster and its children). */
export function postgresCpuSeconds(dataDir: string): number {
  const postmaster = Number(readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0]);
  const stats = allStats().filter((s) => s.pid === postmaster || s.ppid === postmaster);
  return stats.reduce((sum, s) => sum + s.ticks, 0) / TICKS_PER_SECOND;
}

/** Process groups led by direct children of `pid` (what it spawned detached: npm start and the like). */
export function childGroups(pid: number): number[] {
  return allStats().filter((s) => s.ppid === pid && s.pgrp === s.pid).map((s) => s.pid);
}
