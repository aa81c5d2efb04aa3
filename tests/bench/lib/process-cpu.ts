// CPU time of whole process trees, from /proc (Linux): a storefront instance is a process group
// (npx -> tsx -> scripts/start.ts -> the server, the SMTP child), and the PostgreSQL server is the
// postmaster and its backends. Read before and after a measured window; the difference is the
// CPU the window cost, whichever core it ran on and however busy the machine was.
// Live threads are read in nanoseconds (/proc/<pid>/task/<tid>/schedstat: the scheduler's own
// run-time sum), not in /proc/<pid>/stat's 10 ms ticks: a window of 100 deliveries at ~1.5 ms each
// is 15 ticks, and each busy process truncates by up to one tick at both ends, so a ratio of
// three instances to one read in ticks moved by a tenth from rounding alone.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// USER_HZ: the unit of /proc/<pid>/stat times. 100 on every Linux build this project runs on
// (getconf CLK_TCK); Node has no call for it.
const TICKS_PER_SECOND = 100;

/** `reapedTicks`: children that already exited and were waited for (cutime + cstime). */
type Stat = { pid: number; ppid: number; pgrp: number; ticks: number; reapedTicks: number };

function readStat(pid: number): Stat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: the fields after it start past the last ")".
    const f = text.slice(text.lastIndexOf(")") + 2).split(" ");
    // f[0] is field 3 (state): ppid 4, pgrp 5, utime 14, stime 15, cutime 16, cstime 17.
    const n = (field: number) => Number(f[field - 3]);
    // cutime/cstime: children that already exited and were waited for (a live child counts itself).
    return {
      pid,
      ppid: n(4),
      pgrp: n(5),
      ticks: n(14) + n(15) + n(16) + n(17),
      reapedTicks: n(16) + n(17),
    };
  } catch {
    return undefined; // exited between the listing and the read
  }
}

/** CPU seconds of a process: its live threads to the nanosecond, its reaped children in ticks (ticks alone where schedstat is missing). */
function cpuSeconds(stat: Stat): number {
  try {
    let ns = 0;
    for (const tid of readdirSync(`/proc/${stat.pid}/task`)) {
      try {
        ns += Number(readFileSync(`/proc/${stat.pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
      } catch {
        // the thread ended between the listing and the read: its time leaves with it
      }
    }
    return ns / 1e9 + stat.reapedTicks / TICKS_PER_SECOND;
  } catch {
    return stat.ticks / TICKS_PER_SECOND;
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
  return groups.map((g) =>
    stats.filter((s) => s.pgrp === g).reduce((sum, s) => sum + cpuSeconds(s), 0),
  );
}

/** CPU seconds used so far by the PostgreSQL server of `dataDir` (the postmaster and its children). */
export function postgresCpuSeconds(dataDir: string): number {
  const postmaster = Number(
    readFileSync(path.join(dataDir, "postmaster.pid"), "utf8").split("\n")[0],
  );
  const stats = allStats().filter((s) => s.pid === postmaster || s.ppid === postmaster);
  return stats.reduce((sum, s) => sum + cpuSeconds(s), 0);
}

/** Process groups led by direct children of `pid` (what it spawned detached: npm start and the like). */
export function childGroups(pid: number): number[] {
  return allStats()
    .filter((s) => s.ppid === pid && s.pgrp === s.pid)
    .map((s) => s.pid);
}

/**
 * CPU seconds used so far by the processes of `group` whose command line contains `command` (one
 * process of an instance, without the idle neighbours of its group: the supervisor, the embedded
 * sandbox, the SMTP child).
 */
export function commandCpuSeconds(group: number, command: string): number {
  return allStats()
    .filter((s) => s.pgrp === group)
    .filter((s) => {
      try {
        return readFileSync(`/proc/${s.pid}/cmdline`, "utf8").includes(command);
      } catch {
        return false;
      }
    })
    .reduce((sum, s) => sum + cpuSeconds(s), 0);
}
