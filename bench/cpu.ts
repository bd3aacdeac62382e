// What the machine was doing while a bench timed its calls: the load average and how the CPU time
// went (busy, idle, and stolen: time the host of a virtual machine gave to other guests, which no
// change to the code can win back). Read from /proc/stat, so Linux only; elsewhere it says so.
import { readFileSync } from 'node:fs';
import { loadavg } from 'node:os';

type Ticks = { busy: number; idle: number; steal: number; total: number };

function ticks(): Ticks | null {
  try {
    // cpu  user nice system idle iowait irq softirq steal guest guest_nice
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).slice(1, 9).map(Number);
    const [user, nice, system, idle, iowait, irq, softirq, steal] = f;
    return { busy: user + nice + system + irq + softirq, idle: idle + iowait, steal, total: f.reduce((a, b) => a + b, 0) };
  } catch {
    return null;
  }
}

/** Starts a window; `end()` describes it in one line. */
export function cpuWindow(): { end: () => string } {
  const from = ticks();
  const load0 = loadavg()[0];
  return {
    end() {
      const to = ticks();
      const load = `load average ${load0.toFixed(1)} to ${loadavg()[0].toFixed(1)}`;
      if (!from || !to || to.total === from.total) return `${load}; CPU shares unknown (no /proc/stat)`;
      const share = (k: keyof Ticks) => `${((100 * (to[k] - from[k])) / (to.total - from.total)).toFixed(1)}%`;
      return `${load}; CPU busy ${share('busy')}, idle ${share('idle')}, stolen by the host ${share('steal')}`;
    },
  };
}
