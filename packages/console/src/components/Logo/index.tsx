/** The MP3.0 mark: a rounded square in the brand gradient with an 'M' stroke. */
export default function Logo({ size = 32 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id="mp-logo-g" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2f6bff" />
          <stop offset="1" stopColor="#13c2c2" />
        </linearGradient>
      </defs>
      <rect width="64" height="64" rx="14" fill="url(#mp-logo-g)" />
      <path d="M16 44V20l16 14 16-14v24" fill="none" stroke="#fff" strokeWidth="6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
