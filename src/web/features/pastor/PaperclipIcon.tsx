/** A paperclip (the machine's emoji font is not on every phone). Decorative. */
export function PaperclipIcon() {
  return (
    <svg
      className="paperclip-icon"
      viewBox="0 0 24 24"
      width="18"
      height="18"
      aria-hidden="true"
      focusable="false"
    >
      <path
        d="M16.5 6.5 8.9 14.1a1.9 1.9 0 0 0 2.7 2.7l7.6-7.6a3.8 3.8 0 0 0-5.4-5.4l-7.6 7.6a5.7 5.7 0 0 0 8.1 8.1l6.2-6.2"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
