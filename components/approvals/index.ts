export { ApprovalCard, ApprovalCardView, type ApprovalCardProps, type ApprovalCardViewProps } from "./approval-card";
export { approvalAsker, gateWhy, POLICY_LABEL } from "./approval-words";
