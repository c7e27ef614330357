/** CPU and memory of other processes, sampled from /proc (Linux), for the benchmarks' reports. */
import { readdirSync, readFileSync } from 'node:fs';

const TICKS_PER_SECOND = 100;

function cpuTicks(pid: number): number {
  // Fields after the command (which may hold spaces) start after the last ')'.
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime + stime
}

function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  return Number(kb ?? 0) * 1024;
}

export interface ProcStats {
  /** Average CPU over the sampling, in percent of one core (200 = two cores busy). */
  averageCpu: number;
  peakCpu: number;
  peakRssBytes: number;
}

/** Samples the processes every `intervalMs` until stopped; their CPU and RSS add up. */
export function sampleProcesses(pids: number[], intervalMs = 1000): { stop(): ProcStats } {
  const read = () => {
    try {
      return { at: performance.now(), ticks: pids.reduce((sum, pid) => sum + cpuTicks(pid), 0) };
    } catch {
      return null; // a process gone (or no /proc): no figure rather than a wrong one
    }
  };
  const first = read();
  let last = first;
  let peakCpu = 0;
  let peakRssBytes = 0;
  const timer = setInterval(() => {
    const now = read();
    if (!now || !last) return;
    const cpu = ((now.ticks - last.ticks) / TICKS_PER_SECOND / ((now.at - last.at) / 1000)) * 100;
    peakCpu = Math.max(peakCpu, cpu);
    try {
      peakRssBytes = Math.max(
        peakRssBytes,
        pids.reduce((sum, pid) => sum + rssBytes(pid), 0),
      );
    } catch {
      // see above
    }
    last = now;
  }, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      const end = read();
      const averageCpu =
        first && end && end.at > first.at
          ? ((end.ticks - first.ticks) / TICKS_PER_SECOND / ((end.at - first.at) / 1000)) * 100
          : 0;
      return { averageCpu, peakCpu, peakRssBytes };
    },
  };
}

/** Busy and waiting-on-disk ticks of the whole machine (/proc/stat's first line, every core). */
function machineTicks(): { busy: number; iowait: number; all: number } | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const [user, nice, system, idle, iowait, irq, softirq, steal] = line.trim().split(/\s+/).slice(1).map(Number);
    const busy = (user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0);
    return { busy, iowait: iowait ?? 0, all: busy + (idle ?? 0) + (iowait ?? 0) };
  } catch {
    return null;
  }
}

/**
 * The whole machine over a run (every process: servers, database, this generator), and this
 * process's own share, in percent of one core: on a small machine the generator's own CPU is taken
 * from the servers it measures, and a figure without it cannot tell their limit from its own.
 */
export function sampleMachine(cores: number): { stop(): { busy: number; iowait: number; generator: number } } {
  const first = machineTicks();
  const started = process.cpuUsage();
  const at = performance.now();
  return {
    stop() {
      const end = machineTicks();
      const own = process.cpuUsage(started);
      const seconds = (performance.now() - at) / 1000;
      const share = (ticks: number, all: number) => (all > 0 ? (ticks / all) * 100 * cores : 0);
      return {
        busy: first && end ? share(end.busy - first.busy, end.all - first.all) : 0,
        iowait: first && end ? share(end.iowait - first.iowait, end.all - first.all) : 0,
        generator: ((own.user + own.system) / 1e6 / seconds) * 100,
      };
    },
  };
}

/** Which part of the run a process is: the servers, the database, this generator, or anything else. */
export type CpuGroup = 'servers' | 'PostgreSQL' | 'generator' | 'other';
const GROUPS: CpuGroup[] = ['servers', 'PostgreSQL', 'generator', 'other'];

function groupOf(pid: number): CpuGroup {
  if (pid === process.pid) return 'generator';
  try {
    const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
    if (command.startsWith('postgres')) return 'PostgreSQL';
    if (command.includes('server/server.ts')) return 'servers';
  } catch {
    // gone meanwhile
  }
  return 'other';
}

/**
 * Every process's CPU each `intervalMs`, added up by group, to tell which part of a saturated
 * machine had the cores when (BENCH_TIMELINE prints it beside each window's p99s). Processes are
 * found anew at each sample: a restart's servers, PostgreSQL's backends for new connections.
 */
export function sampleCpuByGroup(intervalMs = 1000): {
  stop(): void;
  /** Each group's CPU between two performance.now() moments, in percent of one core. */
  between(from: number, to: number): Record<CpuGroup, number> | null;
} {
  const groups = new Map<number, CpuGroup>();
  const samples: { at: number; ticks: Map<number, number> }[] = [];
  const take = () => {
    const ticks = new Map<number, number>();
    let pids: string[] = [];
    try {
      pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
    } catch {
      return; // no /proc: no figures
    }
    for (const name of pids) {
      const pid = Number(name);
      try {
        ticks.set(pid, cpuTicks(pid));
        if (!groups.has(pid)) groups.set(pid, groupOf(pid));
      } catch {
        // gone meanwhile
      }
    }
    samples.push({ at: performance.now(), ticks });
  };
  take();
  const timer = setInterval(take, intervalMs);
  return {
    stop: () => clearInterval(timer),
    between(from, to) {
      const inside = samples.filter((s) => s.at >= from && s.at <= to);
      const first = inside[0];
      const last = inside[inside.length - 1];
      if (!first || !last || last.at <= first.at) return null;
      const sums = Object.fromEntries(GROUPS.map((g) => [g, 0])) as Record<CpuGroup, number>;
      for (const [pid, end] of last.ticks) {
        // A process started meanwhile counts from zero; one that ended meanwhile is not counted.
        const start = first.ticks.get(pid) ?? 0;
        sums[groups.get(pid) ?? 'other'] += end - start;
      }
      const seconds = (last.at - first.at) / 1000;
      for (const g of GROUPS) sums[g] = (sums[g] / TICKS_PER_SECOND / seconds) * 100;
      return sums;
    },
  };
}
