/**
 * Texts of the master-data modules (spec section 5 'Admin forms'; the required messages are
 * copied exactly). Texts the spec does not give (duplicates, references, in-use) are ours.
 */
export const resourcesMessages = {
  // Spec section 5 'Admin forms', exactly as given.
  docNumberRequired: 'Ingrese un numero de documento',
  nameRequired: 'Ingrese un nombre',
  surnameRequired: 'Ingrese un apellido',
  dateRequired: 'Ingrese fecha',
  emailRequired: 'Ingrese un email',
  shortNameRequired: 'Ingrese una abreviatura',
  longNameRequired: 'Ingrese un Nombre',
  descriptionRequired: 'Ingrese una descripción',
  idRequired: 'Ingrese un Id',
  categoryRequired: 'Ingrese categoría',
  supplierRequired: 'Ingrese un proveedor',
  paxSurnameRequired: 'Ingrese un Apellido',
  phoneRequired: 'Ingrese un Telefono',
  docTypeRequired: 'Ingrese tipo de documento',
  documentRequired: 'Ingrese documento',
  birthDateRequired: 'Ingrese fecha de nacimiento',
  paxEmailRequired: 'Ingrese email',
  nationalityRequired: 'Seleccione nacionalidad',
  countryRequired: 'Seleccione país',
  contactRequired: 'Ingrese un contacto',

  // Ours (the spec leaves these texts out).
  productRequired: 'Seleccione un producto',
  currencyRequired: 'Seleccione una moneda',
  amountRequired: 'Ingrese un monto',
  valueRequired: 'Ingrese una cotización',
  symbolRequired: 'Ingrese un símbolo',
  mustBeText: 'Ingrese un texto.',
  mustBeBoolean: 'Indique sí o no.',
  mustBeList: 'Ingrese una lista.',
  invalidChoice: 'Seleccione una opción válida.',
  invalidAmount: 'Ingrese un monto válido (hasta 2 decimales).',
  invalidRate: 'Ingrese un número positivo (hasta 6 decimales).',
  invalidUrl: 'Ingrese una dirección web válida (http o https).',
  invalidInteger: 'Ingrese un número entero.',
  invalidSwitch: 'Valores admitidos: true, false o all.',
  invalidOrdering: 'Orden no admitido.',
  invalidCursor: 'Cursor de página no válido.',
  invalidCountParam: 'Valor no admitido: use count=exact para el recuento exacto.',
  exactCountTimeout:
    'El recuento exacto tardó demasiado y se canceló. Acote la búsqueda con un filtro e intente de nuevo.',
  dateToBeforeFrom: 'La fecha hasta debe ser igual o posterior a la fecha desde.',
  duplicate: 'Ya existe un registro con este valor.',
  blacklistOverlap: 'Este documento ya está en la lista negra en un período que se superpone.',
  referenceMissing: 'El registro seleccionado no existe.',
  inUse: 'No se puede eliminar: el registro está en uso por otros registros.',
  outOfRange: 'Valor fuera de rango.',
} as const;
