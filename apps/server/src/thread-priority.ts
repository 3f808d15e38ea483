/**
 * A thread's scheduling priority (Linux niceness, per thread). Node sets a process's priority
 * (os.setPriority), and on Linux a thread's id names that thread alone; Node does not tell a
 * thread its id, but /proc/thread-self does.
 */
import { readlinkSync } from "node:fs";
import { getPriority, setPriority } from "node:os";

/** The calling thread's id on Linux (/proc/thread-self is "<pid>/task/<tid>"); null elsewhere. */
export function thisThreadId(): number | null {
  if (process.platform !== "linux") return null;
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    return Number.isInteger(tid) && tid > 0 ? tid : null;
  } catch {
    return null;
  }
}

/**
 * Lowers the calling thread's priority to `niceness` (0 normal, 19 lowest), leaving the
 * process's other threads as they are, and never raises it: a server an operator started at a
 * lower priority than that (`nice -n 15`) keeps the thread there too. Returns the niceness the
 * thread has now, or null where threads cannot be told apart (not Linux) or the system refused.
 * Raising a thread's niceness needs no privilege.
 */
export function lowerThisThread(niceness: number): number | null {
  const tid = thisThreadId();
  if (tid === null) return null;
  try {
    const now = getPriority(tid);
    if (now < niceness) setPriority(tid, niceness);
    return getPriority(tid);
  } catch {
    return null;
  }
}
