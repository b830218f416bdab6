import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { toast } from '../../components/ui/toast';
import type { eventsApi } from '../../../contract/api/events';
import { invalidateRoutes, routeRef } from '../../lib/query-key';
import { useRealtimeEvent } from '../../lib/realtime/realtime-provider';

/** A cancelled meetup: the meetup lists and guest lists (the declarations load with the Meetups screen). */
const EVENT_READS = [
  routeRef<typeof eventsApi.list>('GET', '/api/events'),
  routeRef<typeof eventsApi.attendees>('GET', '/api/events/:id/attendees'),
];

/** A notice pushed over the socket shows once as a toast (tap → its screen) and refreshes what it concerns. */
export function NoticeToasts() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useRealtimeEvent('notice', ({ notice }) => {
    // Badges have their own reveal (components/badges.tsx).
    if (notice.kind === 'badge_earned') return;
    if (notice.kind === 'event_cancelled') void invalidateRoutes(queryClient, EVENT_READS);
    const link = notice.link;
    toast({
      title: notice.title,
      description: notice.body,
      ...(link ? { action: { label: t`View`, onClick: () => void navigate(link) } } : {}),
    });
  });
  return null;
}
