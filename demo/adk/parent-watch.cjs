// Preloaded into the demo agent server (node --require): it exits when the process that started
// it is gone, even when that parent was killed with SIGKILL and could not stop it (a test
// runner's hard kill, a crashed Loupe). The server runs in its own process group (see
// start-agent-server.ts), so nothing else would ever stop it. (`process.ppid` is read once at
// start in Node, so the parent is probed with signal 0 instead.)
const parent = process.ppid;
setInterval(() => {
  try {
    process.kill(parent, 0);
  } catch {
    process.exit(0);
  }
}, 500).unref();
