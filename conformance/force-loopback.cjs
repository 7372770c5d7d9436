// Preload (`node --require`) for the conformance CLI: its scenario servers call listen(0) with no
// host, which binds every interface, and several read server.address().port right after listen()
// returns. tests/support/force-loopback.cjs passes a host to listen(), which makes the bind
// asynchronous (a lookup first) and so breaks them. Instead this wraps the internal step that
// listen() reaches synchronously when no host is given (Server.prototype._listen2, which Node
// looks up on the server at call time) and gives it 127.0.0.1: same timing, loopback only.
const net = require("node:net");

const listen2 = net.Server.prototype._listen2;
if (typeof listen2 !== "function") {
  throw new Error("force-loopback: net.Server.prototype._listen2 is missing in this Node version");
}
net.Server.prototype._listen2 = function listenOnLoopback(address, port, addressType, ...rest) {
  // No address and no fd: the "unspecified address" case (`::` / `0.0.0.0`).
  if (!address && typeof rest[1] !== "number") return listen2.call(this, "127.0.0.1", port, 4, ...rest);
  return listen2.call(this, address, port, addressType, ...rest);
};
