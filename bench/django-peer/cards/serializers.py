from rest_framework import serializers

from .models import Card


class CardSerializer(serializers.ModelSerializer):
    """The fields of our API's card (server/modules/catalog/responses.ts, cardSchema), in its order."""

    price = serializers.CharField(read_only=True)
    in_stock = serializers.BooleanField(read_only=True)

    class Meta:
        model = Card
        fields = [
            'id',
            'name',
            'slug',
            'sku',
            'price',
            'cover_image',
            'category',
            'description',
            'stock',
            'in_stock',
            'personal_fields',
            'pack_size',
        ]
