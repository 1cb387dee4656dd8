/** The page a card's link shows when it was not clicked on the card's own page (a link mailed or posted elsewhere). */
export const LEAVING_MESSAGES = {
  title: (site: string) => `This link leads away from ${site}`,
  lead: (owner: string) =>
    `${owner}’s card links to the address below. It is not ours: only continue if you trust it.`,
  go: 'Continue to this address',
  back: (owner: string) => `Back to ${owner}’s card`,
} as const;
