import { readFileSync } from 'node:fs';

const TICK_US = 10_000; // USER_HZ is 100 on Linux

/**
 * CPU µs of the calling process's main thread, from /proc (Linux): unlike the event loop's active time it counts
 * only CPU actually spent, and unlike process.cpuUsage it leaves out worker threads. From the thread's schedstat
 * (nanoseconds on the CPU) where the kernel keeps it, else from its stat (user + system, in 10 ms ticks: measure over
 * seconds). Undefined where /proc is not there.
 */
export function mainThreadCpuUs() {
  const task = `/proc/self/task/${process.pid}`;
  try {
    return Number(readFileSync(`${task}/schedstat`, 'utf8').split(' ')[0]) / 1000;
  } catch {}
  try {
    const stat = readFileSync(`${task}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * TICK_US; // utime, stime: fields 14 and 15 of the line
  } catch {
    return undefined;
  }
}
