// CPU time of one Chromium and every process it started, by kind, read from Linux's /proc: what the
// extension costs outside the page's main thread (its service worker's process, the browser process
// that carries its messages, storage and toolbar count, the GPU process, the page renderer's other
// threads), which the main thread's figures cannot show but which, on a machine of few cores, takes
// cores from the page. bench:feed prints it beside the main thread's share. Null where there is no
// /proc (not Linux): the benchmark then prints nothing of it.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';

export const PROCESS_KINDS = ['renderer', 'extension', 'browser', 'gpu', 'other'] as const;
export type ProcessKind = (typeof PROCESS_KINDS)[number];

const TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

interface Proc {
  pid: number;
  ppid: number;
  ms: number;
  cmdline: string;
}

function readProc(pid: string): Proc | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: the fields start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    return { pid: Number(pid), ppid: Number(fields[1]), ms: (ticks * 1000) / TICKS_PER_SECOND, cmdline };
  } catch {
    // Gone between the listing and the read.
    return null;
  }
}

function kindOf(cmdline: string): ProcessKind {
  const type = /--type=([a-z-]+)/.exec(cmdline)?.[1];
  if (!type) return 'browser';
  // The extension's own renderer: its service worker and pages.
  if (type === 'renderer') return cmdline.includes('--extension-process') ? 'extension' : 'renderer';
  if (type === 'gpu-process') return 'gpu';
  return 'other';
}

/**
 * CPU ms so far of the browser whose command line holds `marker` (a flag only it was given) and of
 * every process under it, by kind; null without /proc or when no such browser runs.
 */
export function cpuByKind(marker: string): Record<ProcessKind, number> | null {
  if (!existsSync('/proc/self/stat')) return null;
  const procs = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .map(readProc)
    .filter((p): p is Proc => p !== null);
  const root = procs.find((p) => !p.cmdline.includes('--type=') && p.cmdline.includes(marker));
  if (!root) return null;
  const children = new Map<number, Proc[]>();
  for (const p of procs) {
    const siblings = children.get(p.ppid);
    if (siblings) siblings.push(p);
    else children.set(p.ppid, [p]);
  }
  const totals = Object.fromEntries(PROCESS_KINDS.map((k) => [k, 0])) as Record<ProcessKind, number>;
  const stack = [root];
  for (let p = stack.pop(); p; p = stack.pop()) {
    totals[kindOf(p.cmdline)] += p.ms;
    stack.push(...(children.get(p.pid) ?? []));
  }
  return totals;
}
