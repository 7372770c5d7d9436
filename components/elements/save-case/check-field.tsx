import { Checkbox } from "@/components/ui/checkbox";
import { Label } from "@/components/ui/label";

/** A labelled checkbox bound to one boolean (the save dialog's assertions, the assertion forms). */
export function CheckField({
  id,
  label,
  checked,
  onChange,
}: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <Label htmlFor={id} className="text-xs font-normal">
      <Checkbox id={id} checked={checked} onCheckedChange={(v) => onChange(v === true)} />
      {label}
    </Label>
  );
}
