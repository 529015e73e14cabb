// The one JSON error shape every endpoint uses.
export interface ApiErrorBody {
  error: {
    code: string;
    message: string;
    /** Field name → a message a person can read. */
    fields?: Record<string, string>;
  };
}
