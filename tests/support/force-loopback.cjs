// Preload (`node -r`) for reference servers that call listen(port) with no host and so bind every
// interface: test servers must listen on 127.0.0.1 only.
const net = require("node:net");

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function listenOnLoopback(...args) {
  const [first, second] = args;
  if (typeof first === "number" || (typeof first === "string" && /^\d+$/.test(first))) {
    const rest = typeof second === "string" ? args.slice(2) : args.slice(1);
    return listen.call(this, Number(first), "127.0.0.1", ...rest);
  }
  if (first && typeof first === "object" && !Array.isArray(first) && first.path === undefined) {
    return listen.call(this, { ...first, host: "127.0.0.1" }, ...args.slice(1));
  }
  return listen.apply(this, args);
};
