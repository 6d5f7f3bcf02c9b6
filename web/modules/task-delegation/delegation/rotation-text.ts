import type { Person, Rotation } from "../../../../domain/delegation";

/** "Takes turns: Bob → Cleo → you" or "Goes to whoever did least this week: Bob, Cleo". */
export function rotationSummary(rotation: Rotation, members: readonly Person[], myId: string | undefined): string {
  const names = rotation.memberIds.map((id) =>
    id === myId ? "you" : (members.find((member) => member.userId === id)?.name ?? "a former member"),
  );
  return rotation.mode === "turns"
    ? `Takes turns: ${names.join(" → ")}`
    : `Goes to whoever did least this week: ${names.join(", ")}`;
}
