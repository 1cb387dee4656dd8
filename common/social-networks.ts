/** The six social networks a profile can link, in display order. */
export const SOCIAL_NETWORKS = ['facebook', 'instagram', 'twitter', 'youtube', 'github', 'linkedin'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
