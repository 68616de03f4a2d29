// TypeScript declarations of the Schirm embedding SDK: /embed/v1/schirm-embed.mjs
// (and the global SchirmEmbed of /embed/v1/schirm-embed.js). Generated from
// packages/embed/src/host-entry.ts by packages/embed/scripts/build-types.mjs; do not edit.

/** How long a request waits for its reply (spec §9). */
export declare const EMBED_COMMAND_TIMEOUT_MS = 20000;

/** Payload of getBrokerInfo. */
export interface BrokerInfo {
  brokerId: string;
  distributionPath: string;
  name: string;
}

/** Payload of handleContractConclusion. */
export interface ContractConclusion {
  contractId?: string;
  productName: string;
  isCreated: boolean;
}

/** The host's look, answered to getTheme; the portal applies it as CSS variables. */
export interface Theme {
  brand?: string;
  colors?: {
    primary?: string;
    primaryContrast?: string;
    background?: string;
    text?: string;
  };
  fontFamily?: string;
  radius?: string;
}

/** A short notice (spec §3); the portal shows it itself unless the host handles it. */
export interface Toast {
  title: string;
  state: 'positive' | 'warning' | 'neutral' | 'negative' | 'highlight';
  /** Milliseconds; default {@link DEFAULT_TOAST_DURATION_MS}. */
  duration?: number;
}

/** A contract of the signed-in customer as the customer area hands it to its host. */
export interface EmbeddedContract {
  contractId: string;
  productName: string;
  status: string;
  /** Start date, yyyy-MM-dd. */
  beginn: string;
  /** Premium per payment period, '12,34 EUR'. */
  beitrag: string;
  zahlweise: string;
}

/** The payload of a command without parameters. */
type EmptyPayload = Record<string, never>;

/** A command's request and reply payloads. */
interface CommandTypes<Request, Reply> {
  request: Request;
  reply: Reply;
}

/** Commands the child sends and the host page (parent) answers. */
export interface ParentCommands {
  getTheme: CommandTypes<EmptyPayload, Theme | null>;
  getBrokerInfo: CommandTypes<EmptyPayload, BrokerInfo | null>;
  handleGenericError: CommandTypes<
    {
      errorId?: string;
      message: string;
    },
    {
      handled: boolean;
    } | null
  >;
  handleUninsurablePricingResult: CommandTypes<
    {
      productName: string;
      reason: string;
    },
    {
      handled: boolean;
    } | null
  >;
  handleContractConclusion: CommandTypes<ContractConclusion, null>;
  /** The host sets the iframe's height itself. */
  resize: CommandTypes<
    {
      height: number;
    },
    null
  >;
  /** The host scrolls the iframe's top into view itself. */
  scrollTop: CommandTypes<EmptyPayload, null>;
  /** The host scrolls so that this y offset inside the frame is centred. */
  scrollCenter: CommandTypes<
    {
      offsetTop: number;
    },
    null
  >;
  /** The portal's current page, for the host's history or analytics. */
  setLocation: CommandTypes<
    {
      path: string;
      title: string;
    },
    null
  >;
  getAuthToken: CommandTypes<
    EmptyPayload,
    {
      token: string;
    } | null
  >;
  getPartnerNumber: CommandTypes<
    EmptyPayload,
    {
      partnerNumber: string;
    } | null
  >;
  getEmbeddingApplication: CommandTypes<
    EmptyPayload,
    {
      name: string;
      version?: string;
      locale?: string;
    } | null
  >;
  /** `handled: false` or null: the portal shows the toast itself. */
  createToast: CommandTypes<
    Toast,
    {
      handled: boolean;
    } | null
  >;
}

/** Commands the host page sends and the portal (child) answers. */
export interface ChildCommands {
  getContracts: CommandTypes<EmptyPayload, EmbeddedContract[]>;
  getContract: CommandTypes<
    {
      contractId: string;
    },
    EmbeddedContract | null
  >;
  /** Navigates the frame within its area. */
  setLocation: CommandTypes<
    {
      path: string;
    },
    null
  >;
}

/**
 * A handler answering one command; undefined counts as null, so a handler of a command answered
 * with null may return nothing (`(c) => console.log(c)`); a value where null is due does not compile.
 */
type CommandHandler<T extends CommandTypes<unknown, unknown>> = (
  payload: T['request'],
) => T['reply'] | undefined | void | Promise<T['reply'] | undefined | void>;

/** Handlers for the commands a side answers, each optional (none → the reply is null). */
type CommandHandlers<M> = {
  [K in keyof M]: M[K] extends CommandTypes<unknown, unknown> ? CommandHandler<M[K]> : never;
};

/** The host's answers to the portal's commands, each optional; onError gets handler failures. */
export type HostHandlers = CommandHandlers<ParentCommands> & {
  onError: (error: unknown) => void;
};

export type EmbedChannel = 'antrag' | 'beratung' | 'kunden';

export interface EmbedOptions {
  /** The portal origin, e.g. 'https://portal.schirm.de'. */
  origin: string;
  /** The partner key the portal knows this site by. */
  partner: string;
  /** Product slug (fahrrad, hausrat, …, kfz); needed for the channels antrag and beratung. */
  product?: string;
  /** Default 'antrag'; 'kunden' is the customer area. */
  channel?: EmbedChannel;
  brand?: string;
  vermittlernummer?: string;
  vmr?: string;
  /** The iframe's title (default 'Versicherung abschließen' or 'Kundenbereich'). */
  title?: string;
  handlers?: Partial<HostHandlers>;
  /** How long a request waits for its reply; default 20,000 ms. */
  timeoutMs?: number;
}

export interface EmbedHandle {
  iframe: HTMLIFrameElement;
  request<K extends keyof ChildCommands>(
    name: K,
    payload: ChildCommands[K]['request'],
  ): Promise<ChildCommands[K]['reply']>;
  getContracts(): Promise<EmbeddedContract[]>;
  getContract(contractId: string): Promise<EmbeddedContract | null>;
  /** Removes the iframe and the listener; pending requests reject. */
  destroy(): void;
}

/** The iframe's address for these options. */
export declare function embedUrl(options: EmbedOptions): string;

/** Puts the portal into `element` and answers its commands. */
export declare function embed(element: HTMLElement, options: EmbedOptions): EmbedHandle;
