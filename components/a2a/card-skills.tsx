import { Badge } from "@/components/ui/badge";
import type { CardSkill } from "@/components/a2a/card-model";

/** The card's skills with their tags, examples and modes (what a2a-inspector prints as JSON). */
export function CardSkills({ skills }: { skills: readonly CardSkill[] }) {
  if (skills.length === 0) return <p className="text-xs text-muted-foreground">The card declares no skills.</p>;
  return (
    <ul className="grid gap-2 md:grid-cols-2" data-testid="a2a-skills">
      {skills.map((s, i) => (
        <li key={`${s.id}-${i}`} className="flex flex-col gap-1.5 rounded-md border p-2.5" data-testid="a2a-skill">
          <div className="flex items-baseline gap-2">
            <span className="text-sm font-medium">{s.name}</span>
            {s.id && s.id !== s.name && <span className="font-mono text-[11px] text-muted-foreground">{s.id}</span>}
          </div>
          {s.description && <p className="text-xs text-muted-foreground">{s.description}</p>}
          {s.tags.length > 0 && (
            <div className="flex flex-wrap gap-1">
              {s.tags.map((t) => (
                <Badge key={t} variant="secondary">
                  {t}
                </Badge>
              ))}
            </div>
          )}
          {s.examples.length > 0 && (
            <ul className="flex flex-col gap-0.5 text-xs">
              {s.examples.map((ex) => (
                <li key={ex} className="italic before:content-['“'] after:content-['”']">
                  {ex}
                </li>
              ))}
            </ul>
          )}
          {(s.inputModes.length > 0 || s.outputModes.length > 0) && (
            <p className="text-[11px] text-muted-foreground">
              {s.inputModes.length > 0 && `in: ${s.inputModes.join(", ")}`}
              {s.inputModes.length > 0 && s.outputModes.length > 0 && " · "}
              {s.outputModes.length > 0 && `out: ${s.outputModes.join(", ")}`}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}
