/** The connection quality, measured once and shared by every title page visited in the session. */
import { useQuery } from '@tanstack/react-query'
import { browserProbe, measureConnectionQuality, type ConnectionQuality } from './connection-quality'

export function useConnectionQuality(): ConnectionQuality | undefined {
  const { data } = useQuery({
    queryKey: ['connection-quality'],
    queryFn: () => measureConnectionQuality(browserProbe),
    staleTime: 5 * 60 * 1000,
    retry: false,
  })
  return data
}
