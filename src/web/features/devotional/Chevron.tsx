/** The arrow at the end of a row that leads somewhere. */
export function Chevron() {
  return (
    <svg
      className="devotional-chevron"
      viewBox="0 0 24 24"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.2" />
    </svg>
  );
}
