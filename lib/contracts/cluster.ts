/**
 * Several Loupe instances on one database (issue 25): which instance holds an upstream resource (a
 * saved server's connection) and opens it; the others list it with the state its holder published.
 */
export interface HeldBy {
  /** The holding instance's id (random per start). */
  instance: string;
  /** How it is named: LOUPE_INSTANCE_NAME with where it listens, else "Loupe on host:port". */
  address: string;
  /** This instance (the one that answered) is the holder. */
  here: boolean;
}
