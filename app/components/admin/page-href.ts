import { useSearchParams } from 'react-router';

/** Links to other pages of a filtered table keep its filters. */
export function usePageHref(): (page: number) => string {
  const [params] = useSearchParams();
  return (page) => {
    const next = new URLSearchParams(params);
    next.set('page', String(page));
    return `?${next}`;
  };
}
