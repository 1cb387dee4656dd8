from django.contrib.postgres.fields import ArrayField
from django.db import models


class Card(models.Model):
    """Our `cards` table as it is (server/db/schema/catalog.ts): read here, never migrated by Django."""

    name = models.TextField()
    slug = models.TextField(unique=True)
    sku = models.TextField(unique=True)
    price_cents = models.IntegerField()
    cover_image = models.TextField(null=True)
    category = models.TextField()
    description = models.TextField()
    active = models.BooleanField()
    stock = models.IntegerField(null=True)
    personal_fields = ArrayField(models.TextField())
    pack_size = models.IntegerField()
    created_at = models.DateTimeField()
    updated_at = models.DateTimeField()

    class Meta:
        managed = False
        db_table = 'cards'

    @property
    def price(self):
        """Dollars with two decimals, as our API spells it (common/money.ts, centsToPrice)."""
        return f'{self.price_cents // 100}.{self.price_cents % 100:02d}'

    @property
    def in_stock(self):
        return self.stock is None or self.stock > 0
