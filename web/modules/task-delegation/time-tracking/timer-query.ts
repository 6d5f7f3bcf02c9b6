import { useQuery } from "@tanstack/react-query";
import { useMe } from "../../../hooks/use-me";
import { getTimer, timeKeys } from "./api";

/**
 * The signed-in user's running timer (kept on the device for an offline start). Apart from
 * use-time.ts: the header's chip loads with every page and needs only this.
 */
export function useTimer() {
  const me = useMe();
  return useQuery({ queryKey: timeKeys.timer, queryFn: getTimer, enabled: Boolean(me) });
}
