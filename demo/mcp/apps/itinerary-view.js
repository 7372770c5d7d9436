// The itinerary View of plan-trip (an MCP App, SEP-1865). Runs inside the host's sandbox with no
// network: everything it knows arrives as tool input / tool result, or through tools/call.
/* global McpApps */
(() => {
  const { App, applyDocumentTheme, applyHostStyleVariables } = McpApps;
  const CITY = {
    LIS: "Lisbon",
    OPO: "Porto",
    MAD: "Madrid",
    BCN: "Barcelona",
    CDG: "Paris",
    ORY: "Paris",
    LHR: "London",
    FCO: "Rome",
    BER: "Berlin",
    AMS: "Amsterdam",
  };
  // Words, not emoji: a host's fonts may lack the pictographs.
  const MODE = { flight: "flight", train: "train", bus: "bus", car: "car" };
  const $ = (id) => document.getElementById(id);
  const el = (tag, props = {}, ...children) => {
    const node = Object.assign(document.createElement(tag), props);
    node.append(...children);
    return node;
  };
  let args = null;
  const app = new App({ name: "Loupe itinerary", version: "1.0.0" }, { availableDisplayModes: ["inline", "fullscreen"] });

  function applyContext(ctx) {
    if (!ctx) return;
    if (ctx.theme) applyDocumentTheme(ctx.theme);
    if (ctx.styles && ctx.styles.variables) applyHostStyleVariables(ctx.styles.variables);
    if (ctx.displayMode) $("fullscreen").textContent = ctx.displayMode === "fullscreen" ? "Back inline" : "Full screen";
  }
  const status = (text, kind = "") => {
    $("status").textContent = text;
    $("status").dataset.kind = kind;
  };

  async function weather(leg, slot, button) {
    button.disabled = true;
    slot.textContent = "…";
    try {
      const city = CITY[leg.to] || leg.to;
      const r = await app.callServerTool({ name: "get-forecast", arguments: { city, startDate: leg.date, days: 1 } });
      const day = r.structuredContent && r.structuredContent.days && r.structuredContent.days[0];
      slot.textContent = day ? `${city}: ${day.conditions}, ${day.low}–${day.high} °C` : "no forecast";
    } catch (e) {
      slot.textContent = `forecast failed: ${e.message || e}`;
    } finally {
      button.disabled = false;
    }
  }

  function render() {
    if (!args) return;
    $("title").textContent = args.title || "Untitled trip";
    const t = args.traveler || {};
    $("traveler").textContent = [t.name, args.travelers ? `${args.travelers} traveler(s)` : "", args.cabinClass]
      .filter(Boolean)
      .join(" · ");
    const list = $("legs");
    list.replaceChildren();
    (args.legs || []).forEach((leg, i) => {
      const slot = el("span", { className: "forecast", id: `forecast-${i}` });
      const button = el("button", { type: "button", textContent: "Weather", className: "small" });
      button.dataset.leg = String(i);
      button.addEventListener("click", () => weather(leg, slot, button));
      list.append(
        el(
          "li",
          { className: "leg" },
          el("span", { className: "mode", textContent: MODE[leg.mode] || MODE.flight }),
          el("span", { className: "route", textContent: `${leg.from} → ${leg.to}` }),
          el("span", { className: "date", textContent: leg.date }),
          button,
          slot,
        ),
      );
    });
    $("actions").hidden = false;
  }

  app.ontoolinput = ({ arguments: a }) => {
    args = a || {};
    render();
    status("Planning…");
  };
  app.ontoolresult = (result) => {
    const text = (result.content || [])
      .filter((c) => c.type === "text")
      .map((c) => c.text)
      .join(" ");
    const id = /TR-\d{4}/.exec(text);
    $("trip-id").textContent = id ? id[0] : "";
    status(result.isError ? `The server said: ${text}` : text, result.isError ? "error" : "ok");
  };
  app.ontoolcancelled = ({ reason }) => status(`Not planned: ${reason || "cancelled"}`, "error");
  app.onhostcontextchanged = applyContext;
  app.onteardown = async () => ({});

  $("replan").addEventListener("click", async () => {
    if (!args) return;
    status("Planning again…");
    try {
      const r = await app.callServerTool({ name: "plan-trip", arguments: args });
      app.ontoolresult(r);
    } catch (e) {
      status(`Not planned again: ${e.message || e}`, "error");
    }
  });
  $("ask").addEventListener("click", () => {
    const trip = $("trip-id").textContent || (args && args.title) || "this trip";
    void app.sendMessage({ role: "user", content: [{ type: "text", text: `Suggest a hotel for ${trip}.` }] });
  });
  $("fullscreen").addEventListener("click", async () => {
    const ctx = app.getHostContext() || {};
    await app.requestDisplayMode({ mode: ctx.displayMode === "fullscreen" ? "inline" : "fullscreen" });
  });

  app.connect().then(
    () => applyContext(app.getHostContext()),
    (e) => status(`Could not reach the host: ${e.message || e}`, "error"),
  );
})();
