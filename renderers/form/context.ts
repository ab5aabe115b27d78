/** What a form block hands its widgets through rjsf's `formContext`. */
export interface FormContext {
  /** The form's current data (widgets such as the captcha dialog read sibling fields). */
  getFormData(): Record<string, unknown>;
  /** Validates and submits the form, as the submit button would. */
  submit(): void;
}
