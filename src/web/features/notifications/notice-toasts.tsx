import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useLingui } from '@lingui/react/macro';
import { toast } from '../../components/ui/toast';
import { useRealtimeEvent } from '../../lib/realtime/realtime-provider';

const NOTICES_QUERY_KEY = ['/api/notifications/notices'] as const;

/** A notice pushed over the socket shows once as a toast (tap → its screen) and refreshes what it concerns. */
export function NoticeToasts() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  useRealtimeEvent('notice', ({ notice }) => {
    void queryClient.invalidateQueries({ queryKey: NOTICES_QUERY_KEY });
    // Badges have their own reveal (components/badges.tsx).
    if (notice.kind === 'badge_earned') return;
    if (notice.kind === 'event_cancelled') void queryClient.invalidateQueries({ queryKey: ['/api/events'] });
    const link = notice.link;
    toast({
      title: notice.title,
      description: notice.body,
      ...(link ? { action: { label: t`View`, onClick: () => void navigate(link) } } : {}),
    });
  });
  return null;
}
