/** The six social networks a profile can link, in display order. */
export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'twitter', 'youtube', 'github', 'linkedin'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

/** How each network is named to people (a link the spec's field makes takes this title). */
export const SOCIAL_NETWORK_LABELS: Record<SocialNetwork, string> = {
  facebook: 'Facebook',
  instagram: 'Instagram',
  twitter: 'X (Twitter)',
  youtube: 'YouTube',
  github: 'GitHub',
  linkedin: 'LinkedIn',
};
