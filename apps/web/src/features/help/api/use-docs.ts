import { queryOptions, useQuery } from '@tanstack/react-query';
import { loadGuide, loadGuideIndex } from '../lib/doc-sources.ts';

/** The repository's markdown never changes while the app runs: load each file once. */
const forever = { staleTime: Infinity, gcTime: Infinity, retry: 1 } as const;

export const guideIndexQueryOptions = queryOptions({ queryKey: ['docs', 'index'], queryFn: loadGuideIndex, ...forever });
export const guideQueryOptions = (slug: string) => queryOptions({ queryKey: ['docs', 'guide', slug], queryFn: () => loadGuide(slug), ...forever });

export const useGuideIndex = () => useQuery(guideIndexQueryOptions);
export const useGuide = (slug: string) => useQuery(guideQueryOptions(slug));
