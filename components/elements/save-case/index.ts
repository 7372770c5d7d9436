/**
 * Save as case (issue 24): the button and dialog every view with something recorded offers
 * (a tool call, Traffic's checked rows, a session), and the shell's navigate for "Open the case".
 */
export { SAVE_CASE_LABEL } from "./label";
export { SaveCaseButton, type SaveCaseButtonProps } from "./save-case-button";
export { TestsNavigationContext } from "./tests-navigation";
