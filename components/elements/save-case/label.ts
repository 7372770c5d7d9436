/**
 * The Save as case button's words, and every mention of it (the dialog's title, the Tests view's
 * empty state): one place, so the view that tells the user where to save a case names the button
 * they will see (issue 24).
 */
export const SAVE_CASE_LABEL = "Save as case";
