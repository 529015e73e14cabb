const entities: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

/** Text, or a quoted attribute value, for HTML the server writes itself. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => entities[c] ?? c);
