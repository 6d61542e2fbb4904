import { useSearchParams } from 'react-router';

/**
 * The open conversation lives in the URL (`?ticket=12`), beside the list's own state: a reload, the
 * back button and the link in a reply mail show the same ticket.
 */
export function useOpenTicket(): [number | undefined, (id: number) => void, () => void] {
  const [params, setParams] = useSearchParams();
  const raw = Number(params.get('ticket'));
  const id = Number.isInteger(raw) && raw > 0 ? raw : undefined;
  const set = (value: number | undefined) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value === undefined) next.delete('ticket');
      else next.set('ticket', String(value));
      return next;
    });
  return [id, (value) => set(value), () => set(undefined)];
}
