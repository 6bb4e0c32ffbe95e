export async function echo({ text }: { text: string }) {
  return { content: [{ type: 'text' as const, text }] };
}
