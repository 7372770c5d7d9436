// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from "vitest";
import { act, cleanup, renderHook } from "@testing-library/react";
import { useWorkbenchLocation } from "@/hooks/use-workbench-location";

// The router of a real page: push() starts a navigation that commits later (the URL's search changes
// only when the test says the navigation landed), as Next's app router does with its transitions.
const nav = vi.hoisted(() => ({ search: "", push: vi.fn<(url: string) => void>(), replace: vi.fn<(url: string) => void>() }));
vi.mock("next/navigation", () => ({
  useSearchParams: () => new URLSearchParams(nav.search),
  useRouter: () => ({ push: nav.push, replace: nav.replace }),
  usePathname: () => "/",
}));

afterEach(() => {
  cleanup();
  nav.push.mockReset();
  nav.replace.mockReset();
  window.sessionStorage.clear();
});

function mount(search: string) {
  nav.search = search;
  const hook = renderHook(() => useWorkbenchLocation());
  const land = (url: string) => {
    nav.search = url.replace(/^\/\??/, "");
    hook.rerender();
  };
  return {
    hook,
    land,
    navigate: (patch: Parameters<ReturnType<typeof useWorkbenchLocation>[1]>[0]) => act(() => hook.result.current[1](patch)),
  };
}

describe("navigation while another one is still on its way", () => {
  it("a click back to the open view, before the first navigation lands, is not lost", () => {
    const { hook, navigate, land } = mount("view=tests");
    navigate({ view: "inbox" });
    expect(nav.push).toHaveBeenLastCalledWith("/?view=inbox", { scroll: false });
    hook.rerender(); // a render for anything else (a list refetched) while the URL still reads view=tests
    // The inbox has not landed yet: the page still reads view=tests. Going back to Tests must still go.
    navigate({ view: "tests" });
    expect(nav.push).toHaveBeenCalledTimes(2);
    expect(nav.push).toHaveBeenLastCalledWith("/?view=tests", { scroll: false });
    // The two land in order; a third click is computed from where the page is.
    land("/?view=inbox");
    land("/?view=tests");
    navigate({ view: "tests" });
    expect(nav.push).toHaveBeenCalledTimes(2);
  });

  it("a patch made during a pending navigation applies to where that navigation goes", () => {
    const { navigate } = mount("view=tests");
    navigate({ connectionId: "fs" });
    navigate({ tab: "traffic" });
    expect(nav.push.mock.calls.concat(nav.replace.mock.calls).at(-1)?.[0]).toBe("/?c=fs&tab=traffic");
  });

  it("a navigation Next dropped for a later one leaves nothing behind: Back to it, then a click, still goes", () => {
    const { navigate, land } = mount("view=tests");
    navigate({ view: "inbox" });
    navigate({ view: "tests" });
    // Only the later one lands (the page never showed the inbox); later the user visits the Inbox, and
    // Back brings the page to it once more.
    land("/?view=tests");
    navigate({ view: "inbox" });
    land("/?view=inbox");
    navigate({ view: "tests" });
    land("/?view=tests");
    act(() => {
      land("/?view=inbox");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    navigate({ view: "tests" });
    expect(nav.push).toHaveBeenLastCalledWith("/?view=tests", { scroll: false });
    expect(nav.push).toHaveBeenCalledTimes(5);
  });

  it("Back while a navigation is on its way forgets it: the next click starts from the page", () => {
    const { navigate, land } = mount("view=tests");
    navigate({ view: "inbox" });
    act(() => {
      land("/?view=tests");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    navigate({ view: "audit" });
    expect(nav.push).toHaveBeenLastCalledWith("/?view=audit", { scroll: false });
  });

  it("a navigation the browser replaced (Back) is forgotten: the next click starts from the page", () => {
    const { navigate, land } = mount("view=tests");
    navigate({ view: "inbox" });
    land("/?view=audit"); // Back, or another tab of history, landed instead
    navigate({ view: "inbox" });
    expect(nav.push).toHaveBeenCalledTimes(2);
    expect(nav.push).toHaveBeenLastCalledWith("/?view=inbox", { scroll: false });
  });
});
