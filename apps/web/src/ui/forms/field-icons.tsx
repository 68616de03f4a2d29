import type { ReactNode } from 'react';

// Decorative icons of the inputs; every control that shows one also has a text name.
function FieldIcon({ size = 20, children }: { size?: number; children: ReactNode }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function ChevronDownIcon({ size }: { size?: number }) {
  return (
    <FieldIcon size={size}>
      <path d="M6 9l6 6 6-6" />
    </FieldIcon>
  );
}

export function EyeIcon({ size }: { size?: number }) {
  return (
    <FieldIcon size={size}>
      <path d="M2 12s3.5-7 10-7 10 7 10 7-3.5 7-10 7S2 12 2 12z" />
      <circle cx="12" cy="12" r="3" />
    </FieldIcon>
  );
}

export function EyeOffIcon({ size }: { size?: number }) {
  return (
    <FieldIcon size={size}>
      <path d="M3 3l18 18" />
      <path d="M10.6 5.1A10.7 10.7 0 0 1 12 5c6.5 0 10 7 10 7a17 17 0 0 1-3.2 4.2M6.6 6.6A17 17 0 0 0 2 12s3.5 7 10 7a10 10 0 0 0 5.4-1.6" />
      <path d="M9.9 9.9a3 3 0 0 0 4.2 4.2" />
    </FieldIcon>
  );
}

export function UploadIcon({ size }: { size?: number }) {
  return (
    <FieldIcon size={size}>
      <path d="M12 16V4M7 9l5-5 5 5" />
      <path d="M4 16v3a1 1 0 0 0 1 1h14a1 1 0 0 0 1-1v-3" />
    </FieldIcon>
  );
}

export function CalendarIcon({ size }: { size?: number }) {
  return (
    <FieldIcon size={size}>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M3 10h18M8 3v4M16 3v4" />
    </FieldIcon>
  );
}
