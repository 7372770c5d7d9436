import "server-only";
import { randomUUID } from "node:crypto";
import { DEFAULT_REJECT_REASON, sameArguments } from "@/lib/contracts/approvals";
import type { ApprovalAnswer, ApprovalStatus, ToolApproval } from "@/lib/contracts/approvals";
import { AppError } from "@/lib/errors";
import { answerClaimOf, answeredConflict, answerOnce } from "@/lib/server/inbox/answer-claims";
import { approvalStore } from "@/lib/server/approvals/approval-store";
import { approvalElsewhere, leftByStopped } from "@/lib/server/approvals/elsewhere";
import type { ApprovalStore } from "@/lib/server/approvals/approval-store";
import { asks, resolvePolicy, toolFacts } from "@/lib/server/approvals/policy";
import type { ClusterRuntime } from "@/lib/server/cluster/runtime";
import { getCluster } from "@/lib/server/cluster/service";
import { instanceWhereabouts } from "@/lib/server/cluster/whereabouts";
import { getHub } from "@/lib/server/hub";
import type { Hub } from "@/lib/server/hub";
import { errorMessage } from "@/lib/values";
import { CONNECTION_DELETED_REASON, abortReason } from "@/lib/server/approvals/gate";
import type { GatedServers, GateInput, GateOutcome } from "@/lib/server/approvals/gate";

interface Waiting {
  approval: ToolApproval;
  settle: (outcome: GateOutcome) => void;
}

/**
 * The approvals desk: a gated tools/call (playground model, tap client) waits here for the user.
 * Each gate owns its own record and resolver, keyed by a fresh id, so an answer reaches exactly
 * the call it was given for even when two identical calls wait. Every change is saved to the
 * `tool_approvals` table and recorded as a loupe/tool_approval entry (raw = the whole
 * ToolApproval) on the upstream connection, so the browser's stream sees it.
 */
export class Approvals {
  private readonly waiting = new Map<string, Waiting>();
  private servers: GatedServers | null = null;

  /**
   * Records on `hub`; gates calls to `servers` (attachServers() hands them over later). `cluster`: this
   * instance's place among several on one database (the process's, by default; none on SQLite).
   */
  constructor(
    private readonly hub: Hub,
    servers?: GatedServers,
    private readonly cluster: () => ClusterRuntime | undefined = () => getCluster()?.runtime,
  ) {
    if (servers) this.attachServers(servers);
  }

  /** The servers gated calls go to: their connections are looked up, their deleted ones' calls go stale. */
  attachServers(servers: GatedServers): void {
    this.servers = servers;
    servers.onRemove((id) => this.connectionRemoved(id));
  }

  private rows(): ApprovalStore {
    return approvalStore(this.hub.store, (id) => this.waiting.has(id));
  }

  /** The servers a call to `connectionId` goes to; none attached: that connection is not_found. */
  private serversFor(connectionId: string): GatedServers {
    if (!this.servers) throw new AppError("not_found:connection", `No connection with id "${connectionId}"`);
    return this.servers;
  }

  /**
   * Resolves at once with approve (no approvalId) when the policy does not ask; otherwise when the
   * user answers, or stale when `signal` aborts first. A connection Loupe does not know is a
   * not_found AppError, unless the policy is "never" (nothing to look up).
   */
  async gate(input: GateInput): Promise<GateOutcome> {
    const policy = resolvePolicy(input.connectionId, input.tool, input.policy, input.toolPolicies);
    if (policy.value === "never") return { action: "approve", arguments: input.arguments, edited: false };
    const servers = this.serversFor(input.connectionId);
    const conn = servers.connection(input.connectionId);
    const facts = await toolFacts(() => servers.listTools(input.connectionId), input.tool);
    if (!asks(policy.value, facts)) return { action: "approve", arguments: input.arguments, edited: false };
    this.rows();
    const approval: ToolApproval = {
      id: randomUUID(),
      connectionId: input.connectionId,
      connectionName: conn.config.name,
      tool: input.tool,
      ...(input.calledAs !== undefined && input.calledAs !== input.tool ? { calledAs: input.calledAs } : {}),
      arguments: input.arguments,
      ...(facts.listed
        ? { annotations: facts.annotations, inputSchema: facts.inputSchema }
        : { listed: false, notListed: facts.notListed }),
      origin: input.origin,
      policy,
      createdAt: Date.now(),
      status: "pending",
      ...this.here(),
    };
    return new Promise<GateOutcome>((resolve) => {
      const signal = input.signal;
      const onAbort = () => this.markStale(approval.id, abortReason(signal!));
      const w: Waiting = {
        approval,
        settle: (outcome) => {
          signal?.removeEventListener("abort", onAbort);
          resolve(outcome);
        },
      };
      this.waiting.set(approval.id, w);
      this.save(approval);
      try {
        input.onPending?.(approval);
      } catch (error) {
        // The call would wait with nobody shown its approval: it goes stale, in words.
        this.markStale(approval.id, `The caller could not show this approval: ${errorMessage(error)}`);
        return;
      }
      if (signal?.aborted) onAbort();
      else signal?.addEventListener("abort", onAbort, { once: true });
    });
  }

  /**
   * Waits again for an approval another instance recorded and can no longer receive (issue 25: it
   * died holding the tap that asked): `patch` says so in words, and its answer settles `then` here,
   * once, as any gate's. Already waiting here, or no longer pending: nothing happens.
   */
  adopt(approval: ToolApproval, patch: Partial<ToolApproval>, then: (outcome: GateOutcome) => void): void {
    if (this.waiting.has(approval.id) || approval.status !== "pending") return;
    const w: Waiting = { approval: { ...approval, ...patch, ...this.here() }, settle: then };
    this.waiting.set(approval.id, w);
    this.save(w.approval);
  }

  /** Which instance the gates of this desk wait on, recorded on each approval (issue 25). */
  private here(): { instance?: string } {
    const id = this.cluster()?.id;
    return id === undefined ? {} : { instance: id };
  }

  /**
   * The user's answer, delivered to the one gate that waits for it. 404 for an unknown id, 409 for
   * one already answered or stale, or pending on another instance (`conflict:approval_elsewhere`,
   * saying which and whether answering again can work). Returns the approval as answered.
   */
  answer(id: string, answer: ApprovalAnswer): ToolApproval {
    const w = this.waiting.get(id);
    if (!w) {
      const known = this.get(id);
      if (known.status === "answered") {
        const claim = answerClaimOf(this.hub.store, { source: "approval", requestId: id });
        if (claim) throw answeredConflict("conflict:approval_already_answered", claim);
        throw new AppError("conflict:approval_already_answered", "This tool call was already answered", { decision: known.decision });
      }
      const where = known.status === "pending" && known.instance ? instanceWhereabouts(known.instance, this.cluster()) : undefined;
      if (where) throw approvalElsewhere(known, where);
      throw new AppError("conflict:approval_stale", `This tool call no longer waits: ${known.reason ?? "it went stale"}`, {
        reason: known.reason,
      });
    }
    // One conditional write in the database decides, whichever instance the two answers reach.
    return answerOnce(this.hub.store, { source: "approval", requestId: id }, "conflict:approval_already_answered", ({ answeredAt: at }) => {
      if (answer.action === "approve") {
        const args = answer.arguments ?? w.approval.arguments;
        const edited = !sameArguments(args, w.approval.arguments);
        const approval = this.settle(w, { status: "answered", decision: { action: "approve", arguments: args, edited, at } });
        w.settle({ action: "approve", arguments: args, edited, approvalId: id });
        return approval;
      }
      const reason = answer.reason?.trim() || DEFAULT_REJECT_REASON;
      const approval = this.settle(w, { status: "answered", decision: { action: "reject", reason, at } });
      w.settle({ action: "reject", reason, approvalId: id });
      return approval;
    });
  }

  /** Every approval kept (this run's and earlier runs'): pending first, then newest first. */
  list(opts: { status?: ApprovalStatus } = {}): ToolApproval[] {
    // This process's waiting calls as it holds them: another Loupe opening the same data folder
    // marks rows it cannot answer stale in the table, which must not hide them from this inbox.
    const live = [...this.waiting.values()].map((w) => w.approval);
    const liveIds = new Set(live.map((a) => a.id));
    const stored = this.rows()
      .list(opts.status)
      .filter((a) => !liveIds.has(a.id))
      .map((a) => this.closedIfLeft(a) ?? a)
      .filter((a) => opts.status === undefined || a.status === opts.status);
    const mine = opts.status === undefined || opts.status === "pending" ? live : [];
    return [...mine, ...stored].sort(
      (a, b) => Number(b.status === "pending") - Number(a.status === "pending") || b.createdAt - a.createdAt,
    );
  }

  /** One approval; not_found when there is none with that id. */
  get(id: string): ToolApproval {
    const found = this.waiting.get(id)?.approval ?? this.rows().get(id);
    if (!found) throw new AppError("not_found:approval", `No tool approval "${id}"`);
    return this.waiting.has(id) ? found : (this.closedIfLeft(found) ?? found);
  }

  /** A playground's approval whose instance stopped, closed stale in words once (elsewhere.ts `leftByStopped`). */
  private closedIfLeft(approval: ToolApproval): ToolApproval | undefined {
    const asks = approval.origin.kind !== "tap" && approval.status === "pending" && approval.instance;
    const where = asks ? instanceWhereabouts(asks, this.cluster()) : undefined;
    const reason = leftByStopped(approval, where);
    if (reason === undefined) return undefined;
    const closed: ToolApproval = { ...approval, status: "stale", reason };
    if (this.rows().closeIfPending(closed)) this.announce(closed);
    return this.rows().get(approval.id) ?? closed;
  }

  /** The caller stopped waiting (or can never receive an answer): the gate resolves stale. */
  markStale(id: string, reason: string): void {
    const w = this.waiting.get(id);
    if (!w) return;
    this.settle(w, { status: "stale", reason });
    w.settle({ action: "stale", reason, approvalId: id });
  }

  /** A deleted connection's calls can never be sent: what waits on it goes stale. */
  connectionRemoved(connectionId: string): void {
    for (const w of [...this.waiting.values()]) {
      if (w.approval.connectionId === connectionId) this.markStale(w.approval.id, CONNECTION_DELETED_REASON);
    }
  }

  private settle(w: Waiting, patch: Partial<ToolApproval>): ToolApproval {
    this.waiting.delete(w.approval.id);
    w.approval = { ...w.approval, ...patch };
    this.save(w.approval);
    return w.approval;
  }

  private save(approval: ToolApproval): void {
    this.rows().save(approval);
    this.announce(approval);
  }

  /** The approval's new state, to every page (an entry). */
  private announce(approval: ToolApproval): void {
    const live = this.servers?.allConnections().find((c) => c.id === approval.connectionId);
    this.hub.record({
      connectionId: approval.connectionId,
      sessionKey: live?.sessionKey ?? null,
      receivedAt: Date.now(),
      sourceTime: null,
      direction: "local",
      protocol: "loupe",
      kind: "tool_approval",
      raw: approval,
    });
  }
}

const APPROVALS_KEY = Symbol.for("loupe.approvals");
type ApprovalsGlobal = typeof globalThis & { [APPROVALS_KEY]?: Approvals };

/**
 * The process-wide desk on the process-wide hub (survives dev hot reload on globalThis). MCP's
 * getRegistry() attaches its registry as the gated servers when it creates it.
 */
export function getApprovals(): Approvals {
  const g = globalThis as ApprovalsGlobal;
  g[APPROVALS_KEY] ??= new Approvals(getHub());
  return g[APPROVALS_KEY];
}
