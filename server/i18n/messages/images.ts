/** Images of tutors' tests: what an upload or a draft's pictures may not be. */
export const imagesMessages = {
  imageEmpty: {
    en: 'The file is empty',
    uk: 'Файл порожній',
    ru: 'Файл пуст',
    pl: 'Plik jest pusty',
  },
  imageTooLarge: {
    en: 'An image may be at most {limit}',
    uk: 'Зображення може мати щонайбільше {limit}',
    ru: 'Изображение может занимать не больше {limit}',
    pl: 'Obraz może mieć najwyżej {limit}',
  },
  imageNotAnImage: {
    en: 'This is not a PNG, JPEG, WebP or AVIF image, whatever its name says',
    uk: 'Це не зображення PNG, JPEG, WebP чи AVIF, хоч би що казала його назва',
    ru: 'Это не изображение PNG, JPEG, WebP или AVIF, что бы ни говорило его имя',
    pl: 'To nie jest obraz PNG, JPEG, WebP ani AVIF, niezależnie od nazwy pliku',
  },
  imageNotUploaded: {
    en: 'This image is not on the server: add it again',
    uk: 'Цього зображення немає на сервері: додайте його ще раз',
    ru: 'Этого изображения нет на сервере: добавьте его ещё раз',
    pl: 'Tego obrazu nie ma na serwerze: dodaj go ponownie',
  },
  testImagesTooLarge: {
    en: 'The images of one test may take at most {limit} together',
    uk: 'Зображення одного тесту разом можуть займати щонайбільше {limit}',
    ru: 'Изображения одного теста вместе могут занимать не больше {limit}',
    pl: 'Obrazy jednego testu mogą razem zajmować najwyżej {limit}',
  },
  imageDoesNotMatch: {
    en: 'These bytes are not the image this id names',
    uk: 'Ці байти не є зображенням, яке називає цей ідентифікатор',
    ru: 'Эти байты не являются изображением, которое называет этот идентификатор',
    pl: 'Te bajty nie są obrazem, który wskazuje ten identyfikator',
  },
  imageNotFound: {
    en: 'There is no such image',
    uk: 'Такого зображення немає',
    ru: 'Такого изображения нет',
    pl: 'Nie ma takiego obrazu',
  },
};
