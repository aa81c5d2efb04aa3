// Preload (NODE_OPTIONS="--import <this>") that writes a V8 CPU profile of the whole process to
// $CPU_PROFILE_DIR/<pid>.cpuprofile when it exits, for child processes a benchmark starts through
// npx/tsx, where --cpu-prof itself is not allowed in NODE_OPTIONS.
import fs from "node:fs";
import inspector from "node:inspector";
import path from "node:path";

const dir = process.env.CPU_PROFILE_DIR;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.setSamplingInterval", { interval: 200 });
  session.post("Profiler.start");
  let written = false;
  // Same-thread inspector sessions answer synchronously, so this completes inside a signal
  // listener or "exit". On SIGTERM too: a server's own shutdown may never reach "exit" before the
  // parent kills it. The process's own signal handlers still run after this one.
  const write = () => {
    if (written) return;
    written = true;
    session.post("Profiler.stop", (error, result) => {
      if (error) return;
      fs.mkdirSync(dir, { recursive: true });
      fs.writeFileSync(path.join(dir, `${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  };
  process.on("exit", write);
  process.once("SIGTERM", write);
  process.once("SIGINT", write);
}
