/** The profile photo, or the person's initials on a coloured disc when there is none. */
export function Avatar({ name, src }: { name: string; src: string | null }) {
  if (src)
    return (
      <img
        className="profile-avatar"
        src={src}
        alt={name ? `Photo of ${name}` : 'Profile photo'}
        width={112}
        height={112}
      />
    );
  const initials =
    name
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 2)
      .map((word) => [...word][0]?.toUpperCase())
      .join('') || '?';
  return (
    <span className="profile-avatar profile-avatar-initials" role="img" aria-label={name || 'Profile'}>
      {initials}
    </span>
  );
}
