/** A badge's medal: its emblem on its colour (the same drawing as the credential's SVG image). */
export function BadgeMedal({ name, emblem, colour, size = 64, dim = false }: { name: string; emblem: string; colour: string; size?: number; dim?: boolean }) {
  const chars = Array.from(emblem).length;
  return (
    <span
      className={`bdg-medal${dim ? ' bdg-medal--dim' : ''}`}
      role="img"
      aria-label={`${name}徽章`}
      style={{ width: size, height: size, background: colour, fontSize: Math.round(size * (chars > 1 ? 0.3 : 0.42)) }}
    >
      <span aria-hidden="true">{emblem}</span>
    </span>
  );
}
