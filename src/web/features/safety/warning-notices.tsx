import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLingui } from '@lingui/react/macro';
import { TriangleAlert } from 'lucide-react';
import { Button } from '../../components/ui/button';
import type { noticesApi } from '../../../contract/api/notifications';
import { apiCall, lazyDeclarations } from '../../lib/api';
import { queryKeyOf, routeRef } from '../../lib/query-key';
import { useRealtimeEvent } from '../../lib/realtime/realtime-provider';

const api = lazyDeclarations(() => import('../../../contract/api/notifications'));

const noticesRoute = routeRef<typeof noticesApi.list>('GET', '/api/notifications/notices');

/**
 * A moderator's warning, shown at the top of the app until she acknowledges it: the rule she broke,
 * never who reported her. Arrives live over the socket (`notice` frame) or on the next load.
 */
export function WarningNotices() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const notices = useQuery({
    queryKey: queryKeyOf(noticesRoute),
    queryFn: async () => apiCall((await api()).noticesApi.list),
  });
  useRealtimeEvent('notice', () => void queryClient.invalidateQueries({ queryKey: queryKeyOf(noticesRoute) }));
  const warnings = notices.data?.notices.filter((n) => n.kind === 'warning' && !n.read) ?? [];
  const [warning] = warnings;
  if (!warning) return null;
  const acknowledge = async () => {
    await apiCall((await api()).noticesApi.markRead);
    await queryClient.invalidateQueries({ queryKey: queryKeyOf(noticesRoute) });
  };
  return (
    <div role="alert" className="mx-4 mt-3 grid gap-2 rounded-3xl border border-amber-200 bg-amber-50 p-4">
      <p className="flex items-center gap-2 font-semibold text-amber-900">
        <TriangleAlert className="size-4" aria-hidden />
        {warning.title}
      </p>
      <p className="text-sm leading-relaxed text-amber-900">{warning.body}</p>
      <Button variant="outline" className="justify-self-start" onClick={() => void acknowledge()}>
        {t`I understand`}
      </Button>
    </div>
  );
}
