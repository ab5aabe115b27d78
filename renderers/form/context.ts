/** What a form block hands its widgets through rjsf's `formContext`. */
export interface FormContext {
  /** The form's current data (widgets such as the captcha dialog read sibling fields). */
  getFormData(): Record<string, unknown>;
  /** Validates and submits the form, as the submit button would. */
  submit(): void;
  /**
   * Calls `listener` after every change of the form's data. rjsf does not re-render a widget
   * when a sibling changes; widgets that show derived figures subscribe here.
   */
  subscribe(listener: () => void): () => void;
  /** Whether labels of required fields carry a marker: when the form mixes required and optional fields. */
  markRequired?: boolean;
}
