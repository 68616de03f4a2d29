/* global window, document */
// The partner's few lines: embed the portal with the SDK the portal serves
// (<script src="<portal>/embed/v1/schirm-embed.js">, global SchirmEmbed) and answer its commands.
(function () {
  'use strict';
  var portalOrigin = document.querySelector('meta[name="schirm-portal"]').content;
  var protocol = document.getElementById('protokoll');
  var errorBox = document.getElementById('einbettung-fehler');

  function log(text) {
    var item = document.createElement('li');
    item.textContent = text;
    protocol.appendChild(item);
  }

  function showError(text) {
    errorBox.textContent = text;
    errorBox.hidden = false;
  }

  function sdk() {
    if (window.SchirmEmbed && typeof window.SchirmEmbed.embed === 'function') return window.SchirmEmbed;
    showError(
      'Das Versicherungsangebot kann gerade nicht geladen werden. Bitte laden Sie die Seite später neu.',
    );
    return undefined;
  }

  function embedInto(element, handlers) {
    var embedSdk = sdk();
    if (!embedSdk) return undefined;
    var logged = {};
    var names = [
      'handleGenericError',
      'handleUninsurablePricingResult',
      'handleContractConclusion',
      'setLocation',
      'scrollTop',
      'scrollCenter',
      'createToast',
      'getTheme',
      'getBrokerInfo',
      'getAuthToken',
      'getPartnerNumber',
      'getEmbeddingApplication',
    ];
    names.forEach(function (name) {
      var handler = handlers[name];
      if (!handler) return;
      logged[name] = function (payload) {
        log(name + (payload && Object.keys(payload).length ? ': ' + JSON.stringify(payload) : ''));
        return handler(payload);
      };
    });
    logged.onError = function (error) {
      log('Fehler: ' + (error && error.message ? error.message : String(error)));
    };
    var options = {
      origin: portalOrigin,
      partner: element.dataset.partner,
      channel: element.dataset.channel,
      title: element.dataset.title,
      handlers: logged,
    };
    if (element.dataset.product) options.product = element.dataset.product;
    var handle = embedSdk.embed(element, options);
    // For the developer tools (and the end-to-end test): the handle's request/getContracts.
    window.schirmEmbed = handle;
    return handle;
  }

  var application = { name: document.title, version: '1.0', locale: 'de-DE' };

  // The shop sells every product of the portal, bikes first: `/?produkt=<slug>` embeds another
  // product's application (the SDK maps 'kfz' to the motor application); others mean bikes.
  var PRODUCTS = {
    fahrrad: 'Fahrradversicherung',
    privathaftpflicht: 'Privathaftpflichtversicherung',
    hausrat: 'Hausratversicherung',
    tierhalterhaftpflicht: 'Hundehalterhaftpflichtversicherung',
    reise: 'Reiseversicherung',
    kfz: 'Kfz-Versicherung',
    betriebshaftpflicht: 'Betriebshaftpflichtversicherung',
    sachinhalt: 'Inhaltsversicherung Allgefahren für Ihren Betrieb',
    'sachinhalt-mehrgefahren': 'Inhaltsversicherung Mehrgefahren für Ihren Betrieb',
    vermoegensschadenhaftpflicht: 'Vermögensschadenhaftpflichtversicherung',
  };

  function chooseProduct(element) {
    var requested = new URLSearchParams(window.location.search).get('produkt');
    var product = Object.prototype.hasOwnProperty.call(PRODUCTS, requested)
      ? requested
      : element.dataset.product;
    var heading = PRODUCTS[product] + ' abschließen';
    element.dataset.product = product;
    element.dataset.title = heading;
    document.getElementById('antrag-titel').textContent = heading;
    document.querySelectorAll('.products a').forEach(function (link) {
      if (new URL(link.href).searchParams.get('produkt') === product)
        link.setAttribute('aria-current', 'page');
    });
  }

  function bikeShop() {
    var element = document.getElementById('schirm-antrag');
    var conclusion = document.getElementById('abschluss');
    chooseProduct(element);
    embedInto(element, {
      getTheme: function () {
        return {
          brand: 'fahrrad',
          colors: { primary: '#0b5d3b', primaryContrast: '#ffffff' },
          radius: '6px',
        };
      },
      getEmbeddingApplication: function () {
        return application;
      },
      handleContractConclusion: function (payload) {
        conclusion.textContent = payload.isCreated
          ? 'Vielen Dank! Ihre ' +
            payload.productName +
            (payload.contractId ? ' (Vertrag ' + payload.contractId + ')' : '') +
            ' ist abgeschlossen. Ihre Unterlagen kommen per E-Mail.'
          : 'Ihr Antrag zur ' + payload.productName + ' ist eingegangen und wird geprüft.';
        return null;
      },
      handleUninsurablePricingResult: function (payload) {
        conclusion.textContent =
          'Für Ihre ' +
          payload.productName +
          ' können wir online leider kein Angebot machen (' +
          payload.reason +
          '). Sprechen Sie uns im Laden an – wir helfen gern weiter.';
        return { handled: false };
      },
      handleGenericError: function () {
        return { handled: false };
      },
      setLocation: function () {
        return null;
      },
    });
  }

  function bank() {
    var form = document.getElementById('anmelde-formular');
    var signIn = document.getElementById('anmeldung');
    var area = document.getElementById('kundenbereich');
    var formError = document.getElementById('anmelde-fehler');
    var signOut = document.getElementById('abmelden');
    var partnernummer;
    var handle;

    function post(path, body) {
      return fetch(path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body || {}),
        credentials: 'same-origin',
      }).then(function (response) {
        return response.json().then(function (data) {
          if (!response.ok) throw new Error(data.message);
          return data;
        });
      });
    }

    function open() {
      signIn.hidden = true;
      area.hidden = false;
      handle = embedInto(document.getElementById('schirm-kundenbereich'), {
        getEmbeddingApplication: function () {
          return application;
        },
        // Each token is single use and short-lived: the bank's server fetches a fresh one per request.
        getAuthToken: function () {
          return post('/demo-api/einbettung-token').then(
            function (data) {
              return { token: data.token };
            },
            function (error) {
              showError(error.message);
              return null;
            },
          );
        },
        getPartnerNumber: function () {
          return partnernummer ? { partnerNumber: partnernummer } : null;
        },
        setLocation: function () {
          return null;
        },
      });
    }

    form.addEventListener('submit', function (event) {
      event.preventDefault();
      formError.textContent = '';
      post('/demo-api/anmelden', { partnernummer: form.partnernummer.value }).then(
        function (data) {
          partnernummer = data.partnernummer;
          open();
        },
        function (error) {
          formError.textContent = error.message;
          form.partnernummer.focus();
        },
      );
    });

    signOut.addEventListener('click', function () {
      post('/demo-api/abmelden').finally(function () {
        if (handle) handle.destroy();
        handle = undefined;
        partnernummer = undefined;
        area.hidden = true;
        signIn.hidden = false;
        form.partnernummer.focus();
      });
    });
  }

  if (document.getElementById('schirm-antrag')) bikeShop();
  if (document.getElementById('anmelde-formular')) bank();
})();
