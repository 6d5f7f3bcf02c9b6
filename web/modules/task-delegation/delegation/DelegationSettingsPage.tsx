// PLACEHOLDER: replaced by the page of issue 23 before it is resolved.
export default function Placeholder() {
  return null;
}
